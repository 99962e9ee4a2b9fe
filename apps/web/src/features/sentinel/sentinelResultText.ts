import type { TFunction } from 'i18next';
import type { TestSentinelCallResponse } from '@emberwatch/shared/contracts/sentinel';
import { isApiRequestError } from '../../lib/ApiRequestError';

/** What the test call came to, as the button shows it (spec doc 3 §4, §8 "Error: {text}"). */
export type SentinelTestResult = { ok: true } | { ok: false; text: string };

/** The server's answer in the user's words: why the target did not take the call. */
export function resultOfAnswer(t: TFunction, answer: TestSentinelCallResponse): SentinelTestResult {
  if (answer.ok) return { ok: true };
  switch (answer.failure) {
    case 'http':
      return { ok: false, text: t('sentinel.failure.http', { status: answer.httpStatus ?? 0 }) };
    case 'timeout':
      return { ok: false, text: t('sentinel.failure.timeout') };
    case 'refused':
      return { ok: false, text: t('sentinel.failure.refused') };
    case 'network':
    default:
      return { ok: false, text: t('sentinel.failure.network') };
  }
}

/** A call the server refused or that never reached it. */
export function resultOfError(t: TFunction, error: unknown): SentinelTestResult {
  if (!isApiRequestError(error) || error.kind === 'network')
    return { ok: false, text: t('sentinel.failure.offline') };
  if (error.httpStatus === 404) return { ok: false, text: t('sentinel.failure.noTarget') };
  if (error.httpStatus === 403) return { ok: false, text: t('sentinel.failure.forbidden') };
  if (error.httpStatus === 429) return { ok: false, text: t('sentinel.failure.busy') };
  return { ok: false, text: t('sentinel.failure.server', { status: error.httpStatus }) };
}
