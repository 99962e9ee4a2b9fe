import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BroadcastDetail, BroadcastSummary } from '@emberwatch/shared/contracts/broadcasts';
import {
  RECIPIENT_STATUSES,
  type RecipientStatus,
} from '@emberwatch/shared/domain/broadcasts/broadcastRules';
import { formatDateTime } from '../../lib/formatDateTime';
import { useUiPreferences } from '../sessions';
import { useBroadcasts } from './broadcastsQueries';
import { refusalText } from '../../lib/refusalText';

const STATUS_COLOURS: Record<RecipientStatus, 'default' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sent: 'success',
  failed: 'error',
  capped: 'warning',
};

/** How far a broadcast's sending is: every recipient no longer queued. */
function progressOf(b: BroadcastSummary): number {
  if (b.total === 0) return 100;
  return Math.round((100 * (b.total - (b.counts.queued ?? 0))) / b.total);
}

/**
 * The past broadcasts (decision 0100), newest first, each with its progress and counts per status;
 * the one chosen shows its texts and every recipient's status (addresses masked), read again while
 * any is still queued.
 */
export function HistoryTab({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const list = useBroadcasts(selected);
  if (list.error) return <Alert severity="error">{refusalText(list.error)}</Alert>;
  if (!list.data) return <LinearProgress />;
  const { broadcasts, detail } = list.data;
  if (broadcasts.length === 0)
    return <Typography color="text.secondary">{t('broadcasts.history.empty')}</Typography>;
  return (
    <Stack spacing={2} data-testid="broadcast-history">
      <Table size="small" aria-label={t('broadcasts.history.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('broadcasts.history.when')}</TableCell>
            <TableCell>{t('broadcasts.history.by')}</TableCell>
            <TableCell>{t('broadcasts.history.channels')}</TableCell>
            <TableCell>{t('broadcasts.history.subject')}</TableCell>
            <TableCell>{t('broadcasts.history.progress')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {broadcasts.map((b) => (
            <TableRow
              key={b.id}
              hover
              selected={b.id === selected}
              onClick={() => onSelect(b.id)}
              sx={{ cursor: 'pointer' }}
              data-testid={`broadcast-row-${b.id}`}
            >
              <TableCell>{formatDateTime(b.created_ts, prefs.date_format, prefs.time_format)}</TableCell>
              <TableCell>{b.by ?? ''}</TableCell>
              <TableCell>{b.channels.map((c) => t(`broadcasts.channel.${c}`)).join(', ')}</TableCell>
              <TableCell>{b.subject}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                <StatusCounts b={b} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {detail && <BroadcastDetailPanel detail={detail} />}
    </Stack>
  );
}

function StatusCounts({ b }: { b: BroadcastSummary }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5}>
      <LinearProgress
        variant="determinate"
        value={progressOf(b)}
        aria-label={t('broadcasts.history.progressLabel', {
          done: b.total - (b.counts.queued ?? 0),
          total: b.total,
        })}
      />
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {RECIPIENT_STATUSES.filter((s) => (b.counts[s] ?? 0) > 0).map((s) => (
          <Chip
            key={s}
            size="small"
            color={STATUS_COLOURS[s]}
            label={`${t(`broadcasts.status.${s}`)} ${b.counts[s]}`}
            data-testid={`count-${s}`}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function BroadcastDetailPanel({ detail }: { detail: BroadcastDetail }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="broadcast-detail">
      <Stack spacing={1}>
        <Typography variant="subtitle1">
          {t('broadcasts.history.detail', { total: detail.broadcast.total })}
        </Typography>
        {Object.entries(detail.texts).map(([lang, text]) => (
          <Typography key={lang} variant="body2">
            <strong>{lang}</strong> {text.subject ? `${text.subject} — ` : ''}
            {text.text}
          </Typography>
        ))}
        <Table size="small" aria-label={t('broadcasts.history.recipients')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('broadcasts.history.recipient')}</TableCell>
              <TableCell>{t('broadcasts.history.channel')}</TableCell>
              <TableCell>{t('broadcasts.history.address')}</TableCell>
              <TableCell>{t('broadcasts.history.language')}</TableCell>
              <TableCell>{t('broadcasts.history.status')}</TableCell>
              <TableCell>{t('broadcasts.history.sent')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {detail.recipients.map((r, i) => (
              <TableRow key={i} data-testid="recipient-row">
                <TableCell>{r.username ?? ''}</TableCell>
                <TableCell>{t(`broadcasts.channel.${r.channel}`)}</TableCell>
                <TableCell>{r.address}</TableCell>
                <TableCell>{r.language}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOURS[r.status]}
                    label={t(`broadcasts.status.${r.status}`)}
                    title={r.error ?? undefined}
                    data-testid="recipient-status"
                  />
                </TableCell>
                <TableCell>
                  {r.sent_ts === null ? '' : formatDateTime(r.sent_ts, prefs.date_format, prefs.time_format)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    </Paper>
  );
}
