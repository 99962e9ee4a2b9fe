import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useVoiceTestCall } from './alertChannelsQueries';
import { voiceTestResult } from './voiceTestResult';

/**
 * "Test call to my phone" (spec doc 1 §7 /voice/testCall; decision 0120): the provider rings the
 * caller's own confirmed number and reads a test text; the outcome or the refusal shows below.
 */
export function VoiceTestCallButton() {
  const { t } = useTranslation();
  const test = useVoiceTestCall();
  const result = test.isSuccess
    ? voiceTestResult(t, { answer: test.data })
    : test.isError
      ? voiceTestResult(t, { error: test.error })
      : null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('alertChannels.voiceTest.text')}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        sx={{ mt: 1 }}
        disabled={test.isPending}
        onClick={() => test.mutate()}
        data-testid="voice-test-call"
      >
        {test.isPending ? t('alertChannels.voiceTest.calling') : t('alertChannels.voiceTest.button')}
      </Button>
      {result && (
        <Alert
          severity={result.severity}
          role={result.severity === 'error' ? 'alert' : 'status'}
          sx={{ mt: 1 }}
          data-testid="voice-test-result"
        >
          {result.text}
        </Alert>
      )}
    </Box>
  );
}
