import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import type { FailingRecipient, OutboxMessage, OutboxResponse } from '@emberwatch/shared/contracts/delivery';
import { formatDateTime } from '../../lib/formatDateTime';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { AdminKitsLink } from '../activation';
import { useUiPreferences } from '../sessions';
import { ChannelIcon, MessageStatusChip } from './deliveryMarks';
import { useOutbox, type OutboxFilter } from './deliveryQueries';
import { FakeSmsReplyForm } from './FakeSmsReplyForm';
import { OutboxMessageDialog } from './OutboxMessageDialog';
import { useOperatorTool } from '../../lib/useOperatorTool';

/**
 * /admin/outbox (issue 12 item 2): every message the server sent or is sending, newest first, with
 * its status, read again every 5 s, older ones on demand. It says which senders run, and with the
 * local fake SMS provider it lets the admin answer an SMS as its recipient, so a new user watches the
 * whole path (alert, e-mail and SMS, "OK", acknowledged) on one machine. A message that failed for good
 * is marked; the admin can show only those, or one account's, and sees the recipients that fail now
 * (decision 0070). Admins only (spec doc 1 §2
 * "/admin: admins only; others redirected to /"); the server refuses the calls to others as well.
 */
export function OutboxPage() {
  const mayPlay = useOperatorTool('fakeProviderPlay');
  const { t } = useTranslation();
  const [filter, setFilter] = useState<OutboxFilter>({ onlyFailed: false, ownerId: null });
  const outbox = useOutbox(filter);
  const [shown, setShown] = useState<OutboxMessage | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [replyFrom, setReplyFrom] = useState('');

  if (outbox.error && !outbox.data)
    return <LoadErrorAlert error={outbox.error} onRetry={() => void outbox.refetch()} />;
  if (!outbox.data) return <LoadingIndicator label={t('delivery.outbox.loading')} />;
  const senders = outbox.data.pages[0]!.senders;
  const messages = outbox.data.pages.flatMap((p) => p.messages);
  const choose = (m: OutboxMessage) => {
    setSelectedId(m.id);
    setShown(m);
    if (m.channel === 'sms') setReplyFrom(m.address);
  };

  return (
    <Stack spacing={2} data-testid="outbox">
      <AdminKitsLink />
      <SendersNote senders={senders} />
      {senders.sms === 'fake' && mayPlay && <FakeSmsReplyForm from={replyFrom} onFromChange={setReplyFrom} />}
      <FailingRecipients
        recipients={outbox.data.pages[0]!.failingRecipients}
        onShowAccount={(ownerId) => setFilter((f) => ({ ...f, ownerId }))}
      />
      <Typography variant="body2" color="text.secondary">
        {t('delivery.outbox.caption')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={filter.onlyFailed}
              onChange={(e) => setFilter((f) => ({ ...f, onlyFailed: e.target.checked }))}
            />
          }
          label={t('delivery.outbox.onlyFailed')}
        />
        {filter.ownerId !== null && (
          <>
            <Chip
              label={t('delivery.outbox.accountOnly', { id: filter.ownerId })}
              data-testid="outbox-account"
            />
            <Button size="small" onClick={() => setFilter((f) => ({ ...f, ownerId: null }))}>
              {t('delivery.outbox.allAccounts')}
            </Button>
          </>
        )}
      </Stack>
      {outbox.error && <LoadErrorAlert error={outbox.error} onRetry={() => void outbox.refetch()} />}
      {messages.length === 0 ? (
        <EmptyState text={t('delivery.outbox.empty')} />
      ) : (
        <OutboxTable messages={messages} selectedId={selectedId} onChoose={choose} />
      )}
      {outbox.hasNextPage ? (
        <Box>
          <Button
            variant="outlined"
            disabled={outbox.isFetchingNextPage}
            onClick={() => void outbox.fetchNextPage()}
          >
            {t('delivery.outbox.older')}
          </Button>
        </Box>
      ) : (
        outbox.data.pages.length > 1 && (
          <Typography variant="body2" color="text.secondary">
            {t('delivery.outbox.noOlder')}
          </Typography>
        )
      )}
      {shown && (
        <OutboxMessageDialog
          message={shown}
          fakeProvider={senders.sms === 'fake' && mayPlay}
          onClose={() => setShown(null)}
        />
      )}
    </Stack>
  );
}

/**
 * The recipients whose latest messages failed for good (decision 0070): account, channel, who, since
 * when, the last error; each leads to its account's messages. Gone once a later message reaches them.
 */
function FailingRecipients({
  recipients,
  onShowAccount,
}: {
  recipients: readonly FailingRecipient[];
  onShowAccount: (ownerId: number) => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  return (
    <Stack spacing={1} component="section" aria-label={t('delivery.outbox.failing.title')}>
      <Typography variant="h6" component="h2">
        {t('delivery.outbox.failing.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('delivery.outbox.failing.caption')}
      </Typography>
      {recipients.length === 0 ? (
        <Typography variant="body2" data-testid="failing-none">
          {t('delivery.outbox.failing.none')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('delivery.outbox.failing.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('delivery.outbox.account')}</TableCell>
                <TableCell>{t('delivery.outbox.channel')}</TableCell>
                <TableCell>{t('delivery.outbox.recipient')}</TableCell>
                <TableCell>{t('delivery.outbox.failing.since')}</TableCell>
                <TableCell align="right">{t('delivery.outbox.failing.failed')}</TableCell>
                <TableCell>{t('delivery.outbox.failing.lastError')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {recipients.map((r) => (
                <TableRow key={`${r.ownerId} ${r.channel} ${r.address}`} data-testid="failing-recipient">
                  <TableCell>{r.ownerId}</TableCell>
                  <TableCell>
                    <ChannelIcon channel={r.channel} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{r.recipientName}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.address}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(r.failingSince, prefs.date_format, prefs.time_format)}
                  </TableCell>
                  <TableCell align="right">{r.failed}</TableCell>
                  <TableCell sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>{r.lastError}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => onShowAccount(r.ownerId)}>
                      {t('delivery.outbox.failing.show', { id: r.ownerId })}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** Which senders run: with both local stand-ins nothing leaves the machine, and the page says so. */
function SendersNote({ senders }: { senders: OutboxResponse['senders'] }) {
  const { t } = useTranslation();
  const local = senders.email === 'local' && senders.sms === 'fake';
  return (
    <Alert severity={local ? 'info' : 'warning'} data-testid="outbox-senders">
      {local && <Typography variant="body2">{t('delivery.outbox.localNote')}</Typography>}
      <Typography variant="body2" component="div">
        {t('delivery.outbox.senders')}:
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>
            {senders.email === 'local' ? t('delivery.outbox.emailLocal') : t('delivery.outbox.emailSmtp')}
          </li>
          <li>{senders.sms === 'fake' ? t('delivery.outbox.smsFake') : t('delivery.outbox.smsTwilio')}</li>
        </Box>
      </Typography>
    </Alert>
  );
}

function OutboxTable({
  messages,
  selectedId,
  onChoose,
}: {
  messages: readonly OutboxMessage[];
  selectedId: number | null;
  onChoose: (m: OutboxMessage) => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const clip = { maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('delivery.outbox.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('delivery.outbox.time')}</TableCell>
            <TableCell>{t('delivery.outbox.channel')}</TableCell>
            <TableCell>{t('delivery.outbox.recipient')}</TableCell>
            <TableCell>{t('delivery.outbox.kind')}</TableCell>
            <TableCell>{t('delivery.outbox.status')}</TableCell>
            <TableCell align="right">{t('delivery.outbox.attempts')}</TableCell>
            <TableCell>{t('delivery.outbox.error')}</TableCell>
            <TableCell>{t('delivery.outbox.subject')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((m) => (
            <TableRow
              key={m.id}
              hover
              selected={m.id === selectedId}
              tabIndex={0}
              data-testid="outbox-row"
              data-id={m.id}
              data-failed={m.status === 'failed' ? 'true' : undefined}
              sx={{
                cursor: 'pointer',
                // A message that failed for good stands out from the rest of the page.
                ...(m.status === 'failed' && {
                  bgcolor: (theme) => alpha(theme.palette.error.main, 0.08),
                  boxShadow: (theme) => `inset 4px 0 ${theme.palette.error.main}`,
                }),
              }}
              onClick={() => onChoose(m)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onChoose(m);
                }
              }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(m.createdTs, prefs.date_format, prefs.time_format)}
              </TableCell>
              <TableCell>
                <ChannelIcon channel={m.channel} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{m.recipientName}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {m.address}
                </Typography>
              </TableCell>
              <TableCell>{t(`delivery.kinds.${m.kind}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {m.status === 'failed' && (
                  <ErrorOutline
                    color="error"
                    fontSize="small"
                    titleAccess={t('delivery.outbox.failedRow')}
                    sx={{ verticalAlign: 'middle', mr: 0.5 }}
                  />
                )}
                <MessageStatusChip status={m.status} />
              </TableCell>
              <TableCell align="right">{m.attempts}</TableCell>
              <TableCell sx={{ ...clip, color: 'error.main' }} title={m.error ?? undefined}>
                {m.error}
              </TableCell>
              <TableCell sx={clip} title={m.subject}>
                {m.subject}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
