import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { SENTINEL_RESULT_DELAY_MS } from '@emberwatch/shared/contracts/sentinel';
import { useApiClient } from '../../lib/ApiClientContext';
import { useSelectedStation } from '../base-stations';
import { resultOfAnswer, resultOfError, type SentinelTestResult } from './sentinelResultText';

type Phase = { name: 'idle' } | { name: 'calling' } | { name: 'done'; result: SentinelTestResult };

/**
 * The Sentinel test call beside the storage's Sentinel switch (spec doc 3 §4 "Sentinel test call:
 * shows "Calling...", then after 1 s shows OK, or "Error: {text}" on failure"; §9 the result delay).
 * The server sends the test text with 60 C or 140 F to the account's target (decision 0046). The
 * account is the selected station's owner, as for the storage it sits in, or `uid` (the Alert channels
 * page names its account).
 */
export function SentinelTestButton({ uid }: { uid?: number } = {}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const calling = phase.name === 'calling';
  const done = useCallback((result: SentinelTestResult) => setPhase({ name: 'done', result }), []);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="small"
        disabled={calling}
        onClick={() => setPhase({ name: 'calling' })}
      >
        {t('sentinel.test')}
      </Button>
      <Typography
        role="status"
        variant="body2"
        color={phase.name === 'done' && !phase.result.ok ? 'error' : 'text.primary'}
      >
        {calling && t('sentinel.calling')}
        {phase.name === 'done' &&
          (phase.result.ok ? t('sentinel.ok') : t('sentinel.error', { text: phase.result.text }))}
      </Typography>
      {calling && <SentinelTestCall uid={uid} onDone={done} />}
    </Stack>
  );
}

/**
 * The call itself, mounted only while it runs: the button shows (in the alert-messaging section, in
 * any context) without an API client until it is pressed, and leaving the page drops a pending result.
 * The call starts once even when React runs the effect twice (StrictMode); the live effect reports it.
 */
function SentinelTestCall({
  uid: named,
  onDone,
}: {
  uid: number | undefined;
  onDone: (result: SentinelTestResult) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const selectedOwner = useSelectedStation().selected?.owner_UID;
  const uid = named ?? selectedOwner;
  const call = useRef<Promise<SentinelTestResult> | null>(null);
  useEffect(() => {
    call.current ??= api.call(endpoints.sentinel.testSentinelCall, { UID: uid }).then(
      (answer) => resultOfAnswer(t, answer),
      (error: unknown) => resultOfError(t, error),
    );
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void call.current.then((result) => {
      if (live) timer = setTimeout(() => onDone(result), SENTINEL_RESULT_DELAY_MS);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, uid, t, onDone]);
  return null;
}
