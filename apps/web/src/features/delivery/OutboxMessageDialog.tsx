import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@emberwatch/shared/contracts/delivery';
import { refusalText } from '../../lib/refusalText';
import { formatDateTime } from '../../lib/formatDateTime';
import { useUiPreferences } from '../sessions';
import { useFakeCallKeys } from './deliveryQueries';
import { ChannelIcon, MessageStatusChip } from './deliveryMarks';
import { FACT_GRID_SX } from '../../ui/factGrid';

/** One outbox message in full: the whole text as it was sent, and where and how it went. */
export function OutboxMessageDialog({
  message: m,
  onClose,
  fakeProvider = false,
}: {
  message: OutboxMessage;
  onClose: () => void;
  /** The local fake SMS/voice provider runs: the admin may play the person a call went to. */
  fakeProvider?: boolean;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const time = (s: number | null) =>
    s === null ? t('delivery.outbox.noneYet') : formatDateTime(s, prefs.date_format, prefs.time_format);
  const facts: [string, ReactNode][] = [
    [
      t('delivery.outbox.channel'),
      <>
        <ChannelIcon channel={m.channel} /> {t(`delivery.channels.${m.channel}`)}
      </>,
    ],
    [t('delivery.outbox.recipient'), `${m.recipientName} · ${m.address}`],
    [t('delivery.outbox.kind'), t(`delivery.kinds.${m.kind}`)],
    [t('delivery.outbox.status'), <MessageStatusChip key="status" status={m.status} />],
    [t('delivery.outbox.attempts'), m.attempts],
    [t('delivery.outbox.created'), time(m.createdTs)],
    [t('delivery.outbox.sentAt'), time(m.sentTs)],
    [t('delivery.outbox.sender'), m.sender ?? '—'],
    [t('delivery.outbox.language'), m.language],
    [t('delivery.outbox.account'), m.ownerId],
    [t('delivery.outbox.storage'), m.storageId ?? '—'],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="outbox-message-title">
      <DialogTitle id="outbox-message-title">{t('delivery.outbox.details', { id: m.id })}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={FACT_GRID_SX}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {m.error && (
          <Typography variant="body2" color="error" sx={{ mt: 2 }}>
            {t('delivery.outbox.error')}: {m.error}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('delivery.outbox.subject')}
        </Typography>
        <Typography variant="body2" data-testid="outbox-subject">
          {m.subject}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('delivery.outbox.body')}
        </Typography>
        <Typography
          variant="body2"
          component="pre"
          data-testid="outbox-body"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}
        >
          {m.body}
        </Typography>
        {fakeProvider && m.channel === 'voice' && m.status === 'sent' && <FakeCallAnswer messageId={m.id} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('delivery.outbox.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The fake provider took the call (decision 0072): the admin plays the person who answered it and
 * presses 1, which the provider passes to the server as the real one would; the alert is acknowledged.
 */
function FakeCallAnswer({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const press = useFakeCallKeys();
  return (
    <Box sx={{ mt: 2 }} data-testid="fake-call-answer">
      <Typography variant="body2" color="text.secondary">
        {t('delivery.fakeCall.hint')}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        sx={{ mt: 1 }}
        disabled={press.isPending}
        onClick={() => press.mutate(messageId)}
      >
        {press.isPending ? t('delivery.fakeCall.pressing') : t('delivery.fakeCall.press')}
      </Button>
      {press.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {t('delivery.fakeCall.done', { status: press.data.providerStatus })}
        </Alert>
      )}
      {press.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {t('delivery.fakeCall.failed', {
            text: refusalText(press.error, t('errors.generic')),
          })}
        </Alert>
      )}
    </Box>
  );
}
