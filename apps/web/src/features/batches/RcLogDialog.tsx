import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { RcEventTable } from '../fans';
import { usePhaseRcLog } from './batchQueries';

/**
 * The RC unit events of one phase of a batch (spec doc 3 §2 columns, §9 at most 100 events), in the
 * settings' RC event table, on the batch's station's clock like the rest of its page (decision 0079).
 * Spec doc 1 §8: an answer with a status code shows an empty list.
 */
export function RcLogDialog({
  batchId,
  batchTitle,
  timeZone,
  index,
  phaseName,
  onClose,
}: {
  batchId: number;
  /** The batch's name, for its own events' Batch column. */
  batchTitle: string;
  timeZone: string;
  index: number;
  phaseName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const log = usePhaseRcLog(batchId, index, true);
  const events = log.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{t('batches.rcLog.title', { phase: phaseName })}</DialogTitle>
      <DialogContent>
        {log.isPending ? (
          <LoadingIndicator label={t('common.loading')} />
        ) : events.length === 0 ? (
          <Typography color="text.secondary">{t('batches.rcLog.empty')}</Typography>
        ) : (
          <RcEventTable
            events={events}
            batchName={(id) => (id === batchId ? batchTitle : `#${id}`)}
            label={t('batches.rcLog.title', { phase: phaseName })}
            timeZone={timeZone}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('batches.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
