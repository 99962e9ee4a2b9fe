import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { RcEvent } from '@emberwatch/shared/contracts/batches';
import { RC_LOG_LIMIT } from '@emberwatch/shared/contracts/fans';
import { RcEventTable } from './RcEventTable';
import { useRcLog } from './rcQueries';

/**
 * The RC event log dialog (spec doc 2 §2, doc 3 §2 columns Date, Batch, C, Net, Mode, Vent, Comm,
 * Manual, DataTS, Temps, Cycle, Secs; §9 at most 100 events): newest first; a failed read shows an
 * empty list (spec doc 3 §8 "RC log with status_code shows an empty list").
 */
export function RcEventLogDialog({
  fcId,
  channel,
  uid,
  batchName,
  onClose,
}: {
  fcId: string;
  channel: number | null;
  uid: number | undefined;
  batchName: (batchId: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const log = useRcLog(fcId, channel, uid);
  const events: RcEvent[] = (log.data ?? []).slice(0, RC_LOG_LIMIT);
  return (
    <Dialog open onClose={onClose} aria-labelledby="rc-log-title" fullWidth maxWidth="lg">
      <DialogTitle id="rc-log-title">{t('fans.rc.logTitle', { id: fcId })}</DialogTitle>
      <DialogContent>
        {log.isPending ? (
          <Typography variant="body2">{t('fans.loading')}</Typography>
        ) : events.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="rc-log-empty">
            {t('fans.rc.logEmpty')}
          </Typography>
        ) : (
          <RcEventTable events={events} batchName={batchName} label={t('fans.rc.logTitle', { id: fcId })} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('fans.rc.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
