import type { TFunction } from 'i18next';
import { formatAge } from '@emberwatch/shared/domain/readingAge';

/** "5 min", "3 h", "2 d" in the user's language (spec doc 1 §9: minutes under 60, hours under 24, then days). */
export function formatAgeText(ageSeconds: number, t: TFunction): string {
  const age = formatAge(ageSeconds);
  return t(`age.${age.unit}`, { value: age.value });
}
