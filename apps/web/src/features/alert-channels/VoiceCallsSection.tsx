import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { GetAlertChannelsResponse } from '@emberwatch/shared/contracts/alertChannels';
import { useSetVoiceCalls } from './alertChannelsQueries';
import { VoiceTestCallButton } from './VoiceTestCallButton';

/**
 * The account's voice calls (spec doc 3 §6 "Voice call option: only when voiceCallEnabled"). An admin
 * switches them for the account; everyone else sees whether they are on and, when off, how to get
 * them: calls are charged, so support switches them on (decision 0072).
 */
export function VoiceCallsSection({
  channels,
  onSupport,
}: {
  channels: GetAlertChannelsResponse;
  onSupport?: () => void;
}) {
  const { t } = useTranslation();
  const setVoice = useSetVoiceCalls(channels.UID);
  const on = channels.voiceCallEnabled;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="voice-calls-title"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
      data-testid="alert-channels-voice"
    >
      <Typography id="voice-calls-title" variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {t('alertChannels.voice.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('alertChannels.voice.text')}
      </Typography>
      {channels.rights.changeVoice ? (
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={setVoice.isPending}
              onChange={(e) => setVoice.mutate(e.target.checked)}
            />
          }
          label={t('alertChannels.voice.switch')}
        />
      ) : null}
      <Typography role="status" variant="body2" sx={{ fontWeight: 600 }}>
        {t(on ? 'alertChannels.voice.on' : 'alertChannels.voice.off')}
      </Typography>
      {!on && !channels.rights.changeVoice && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2">{t('alertChannels.voice.howToGet')}</Typography>
          {onSupport && (
            <Button size="small" sx={{ mt: 1 }} onClick={onSupport}>
              {t('alertChannels.voice.askSupport')}
            </Button>
          )}
        </Box>
      )}
      {on && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('alertChannels.voice.perStorage')}
        </Typography>
      )}
      {on && !channels.ownerPhoneComplete && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('alertChannels.voice.noPhone')}
        </Alert>
      )}
      {on && <VoiceTestCallButton />}
      {setVoice.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {t('alertChannels.voice.failed')}
        </Alert>
      )}
    </Paper>
  );
}
