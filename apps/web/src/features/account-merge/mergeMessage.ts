import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/ApiRequestError';

/**
 * Spec doc 2 §8 "Merge": 1 'Cannot merge account. User not found.'; 2 the server's error text as it
 * is; any other status shown with its status and error text.
 */
export function mergeMessage(t: TFunction, err: unknown): string {
  const http = isApiRequestError(err) && err.kind === 'http';
  const status = http ? err.statusCode : null;
  const text =
    (isApiRequestError(err) ? err.serverMessage : null) ?? (err instanceof Error ? err.message : '');
  if (status === 1) return t('accountMerge.status1');
  if (status === 2 && text) return text;
  return t('accountMerge.statusOther', { status: status ?? '', error: text });
}
