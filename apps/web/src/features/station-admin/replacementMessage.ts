import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/ApiRequestError';

/** Spec doc 2 §8 "Replace BS": the text of a refusal by its status (1, 2, 3, else "with status N"). */
export function replacementMessage(t: TFunction, err: unknown): string {
  const status = isApiRequestError(err) && err.kind === 'http' ? err.statusCode : null;
  if (status === 1) return t('stationAdmin.replace.status1');
  if (status === 2) return t('stationAdmin.replace.status2');
  if (status === 3) return t('stationAdmin.replace.status3');
  return t('stationAdmin.replace.statusOther', { status: status ?? '' });
}
