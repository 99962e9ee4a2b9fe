import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isNetworkFailure } from '../../lib/ApiRequestError';
import { refusalText } from '../../lib/refusalText';
import { useFakeSmsReply } from './deliveryQueries';
import { isSendableReply } from './fakeSmsReply';

/**
 * With the local fake SMS provider, the admin plays the person an SMS went to: the provider posts the
 * reply to the server's inbound callback, signed like the real one, so "OK" acknowledges the alert.
 * The number comes from the SMS chosen in the outbox (or is typed); the reply defaults to "OK".
 */
export function FakeSmsReplyForm({
  from,
  onFromChange,
}: {
  from: string;
  onFromChange: (from: string) => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('OK');
  const reply = useFakeSmsReply();
  const valid = isSendableReply(from, body);
  const failure = (e: unknown) =>
    isNetworkFailure(e) ? t('errors.network') : refusalText(e, t('errors.generic'));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={1.5}
        aria-labelledby="fake-sms-reply-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) reply.mutate({ from: from.trim(), body: body.trim() });
        }}
      >
        <Typography id="fake-sms-reply-title" variant="subtitle1" component="h2">
          {t('delivery.fakeReply.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('delivery.fakeReply.hint')} {t('delivery.fakeReply.chooseRow')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            label={t('delivery.fakeReply.from')}
            value={from}
            onChange={(e) => onFromChange(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
          />
          <TextField
            size="small"
            label={t('delivery.fakeReply.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 160 } }}
          />
          <Button type="submit" variant="contained" disabled={!valid || reply.isPending}>
            {reply.isPending ? t('delivery.fakeReply.sending') : t('delivery.fakeReply.send')}
          </Button>
        </Stack>
        {reply.isSuccess && (
          <Alert severity="success" role="status">
            {t('delivery.fakeReply.done', { status: reply.data.providerStatus })}
          </Alert>
        )}
        {reply.isError && (
          <Alert severity="error" role="alert">
            {t('delivery.fakeReply.failed', { text: failure(reply.error) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
