import type { TFunction } from 'i18next';
import type { TestPushAlertResponse } from '@emberwatch/shared/contracts/alertChannels';
import type { PushTestResult } from '../push';

/** What the outbox's test push came to, in the user's words (decision 0072). */
export function outboxTestResult(t: TFunction, answer: TestPushAlertResponse): PushTestResult {
  if (answer.status === 'sent') return { ok: true, text: t('alertChannels.pushTest.sent') };
  if (answer.status === 'pending' || answer.status === 'sending')
    return { ok: false, text: t('alertChannels.pushTest.pending') };
  return { ok: false, text: t('alertChannels.pushTest.failed', { error: answer.error ?? '' }) };
}
