import type { TFunction } from 'i18next';
import type { ServiceKind } from '@emberwatch/shared/domain/services';

/** A service's value as words: on/off, limited/full, or the users allowance's number. */
export function serviceValueText(t: TFunction, kind: ServiceKind, value: number): string {
  // The users allowance is a number: its label says what it counts.
  if (kind === 'subUsers') return String(value);
  if (kind === 'limitedData') return t(value ? 'services.value.limited' : 'services.value.full');
  return t(value ? 'services.value.on' : 'services.value.off');
}
