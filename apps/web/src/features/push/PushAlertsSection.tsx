import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError, isNetworkFailure } from '../../lib/ApiRequestError';
import type { TranslationKey } from '../../i18n/translationKey';
import { usePushDevice, type PushDeviceState } from './usePushDevice';

/** What a test came to, in the user's words. */
export type PushTestResult = { ok: boolean; text: string };
type TestResult = PushTestResult | null;

function stateKey(state: PushDeviceState): TranslationKey {
  switch (state.name) {
    case 'checking':
      return 'push.checking';
    case 'unsupported':
      return state.appleMobile ? 'push.unsupportedApple' : 'push.unsupported';
    case 'denied':
      return 'push.denied';
    case 'enabled':
      return 'push.enabled';
    case 'disabled':
      return state.notice ? (`push.notice.${state.notice}` as const) : 'push.disabled';
  }
}

/**
 * "Alerts on this device" (decision 0048): a switch that turns the logged-in user's alerts on or off
 * in this browser, and a test notification. In the settings, beside the alert settings, and on the
 * Alert channels page, whose `sendTest` sends the test through the delivery outbox (decision 0072).
 */
export function PushAlertsSection({ sendTest }: { sendTest?: () => Promise<PushTestResult> } = {}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { state, busy, enable, disable, refresh } = usePushDevice();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult>(null);
  const on = state.name === 'enabled';
  const locked = state.name === 'checking' || state.name === 'unsupported' || state.name === 'denied';
  const warn =
    state.name === 'unsupported' || state.name === 'denied' || (state.name === 'disabled' && state.notice);

  const onSwitch = (checked: boolean) => {
    setResult(null);
    void (checked ? enable() : disable());
  };

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      if (sendTest) {
        setResult(await sendTest());
        return;
      }
      const r = await api.call(endpoints.push.testPush, {});
      const missed = r.failed + r.removed;
      setResult(
        missed === 0
          ? { ok: true, text: t('push.testResult.sent', { sent: r.sent }) }
          : { ok: r.sent > 0, text: t('push.testResult.partly', { sent: r.sent, missed }) },
      );
      if (r.removed > 0) await refresh();
    } catch (error) {
      const status = isApiRequestError(error) ? error.httpStatus : 0;
      setResult({
        ok: false,
        text: isNetworkFailure(error)
          ? t('push.testResult.offline')
          : status === 429
            ? t('push.testResult.wait')
            : status === 404
              ? t('push.testResult.none')
              : t('push.testResult.failed'),
      });
      if (status === 404) await refresh();
    } finally {
      setTesting(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
      data-testid="settings-push"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {t('push.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('push.text')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={locked || busy}
            onChange={(e) => onSwitch(e.target.checked)}
            data-testid="push-switch"
          />
        }
        label={t('push.switch')}
      />
      <Typography role="status" variant="body2" color={warn ? 'warning.dark' : 'text.secondary'}>
        {t(stateKey(state))}
      </Typography>
      {state.name === 'denied' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('push.deniedHelp')}
        </Typography>
      )}
      {on && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1.5 }}>
          <Button variant="outlined" size="small" disabled={testing || busy} onClick={() => void test()}>
            {testing ? t('push.testing') : t('push.test')}
          </Button>
          {result && (
            <Typography role="status" variant="body2" color={result.ok ? 'text.primary' : 'error'}>
              {result.text}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
