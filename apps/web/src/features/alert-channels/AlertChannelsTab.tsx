import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { PushAlertsSection, type PushTestResult } from '../push';
import { SentinelTargetSection } from '../sentinel';
import { useAlertChannels, useReloadAlertChannels } from './alertChannelsQueries';
import { outboxTestResult } from './outboxTestResult';
import { VoiceCallsSection } from './VoiceCallsSection';

/**
 * "Alert channels" (issue 27 item 11; decision 0072), the account area's tab at /account/alerts: the
 * channels a storage can use only once they are set up for the account — voice calls and the Sentinel
 * alarm system — and web push on this device, whose test goes the way an alert goes: through the
 * delivery outbox and its push channel to every device of the user.
 */
export function AlertChannelsTab({ uid, onSupport }: { uid: number; onSupport?: () => void }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const channels = useAlertChannels(uid);
  const reload = useReloadAlertChannels();

  const sendTest = async (): Promise<PushTestResult> =>
    outboxTestResult(t, await api.call(endpoints.alertChannels.testPushAlert, {}));

  if (channels.error)
    return <LoadErrorAlert error={channels.error} onRetry={() => void channels.refetch()} />;
  if (!channels.data) return <LoadingIndicator label={t('common.loading')} />;
  return (
    <Stack spacing={2} data-testid="alert-channels">
      <Typography variant="body2" color="text.secondary">
        {t('alertChannels.intro')}
      </Typography>
      <VoiceCallsSection channels={channels.data} onSupport={onSupport} />
      <SentinelTargetSection
        uid={channels.data.UID}
        hasTarget={channels.data.sentinel}
        rights={channels.data.rights}
        onChanged={() => void reload()}
      />
      <PushAlertsSection sendTest={sendTest} />
    </Stack>
  );
}
