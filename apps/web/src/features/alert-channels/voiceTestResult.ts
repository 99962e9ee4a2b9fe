import type { TFunction } from 'i18next';
import {
  VOICE_TEST_REFUSAL,
  type VoiceTestCallResponse,
  type VoiceTestRefusal,
} from '@emberwatch/shared/contracts/alertChannels';
import { isApiRequestError } from '../../lib/ApiRequestError';

export interface VoiceTestResult {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

const REFUSAL_OF_CODE = new Map<number, VoiceTestRefusal>(
  Object.entries(VOICE_TEST_REFUSAL).map(([reason, code]) => [code, reason as VoiceTestRefusal]),
);

/** What the voice test call came to, in the user's words: the provider's outcome or the refusal. */
export function voiceTestResult(
  t: TFunction,
  outcome: { answer: VoiceTestCallResponse } | { error: unknown },
): VoiceTestResult {
  if ('answer' in outcome) {
    const a = outcome.answer;
    if (a.status === 'sent')
      return {
        severity: 'success',
        text: t('alertChannels.voiceTest.sent', { to: a.to, left: a.leftToday }),
      };
    if (a.status === 'pending' || a.status === 'sending')
      return { severity: 'info', text: t('alertChannels.voiceTest.pending', { to: a.to }) };
    return { severity: 'error', text: t('alertChannels.voiceTest.failed', { error: a.error ?? '' }) };
  }
  const e = outcome.error;
  const reason = isApiRequestError(e) ? REFUSAL_OF_CODE.get(e.statusCode) : undefined;
  if (reason === 'tooSoon') {
    const minutes = Math.max(1, Math.ceil((isApiRequestError(e) ? (e.retryAfterS ?? 60) : 60) / 60));
    return { severity: 'warning', text: t('alertChannels.voiceTest.refused.tooSoon', { minutes }) };
  }
  if (reason) return { severity: 'warning', text: t(`alertChannels.voiceTest.refused.${reason}`) };
  return { severity: 'error', text: t('alertChannels.voiceTest.error') };
}
