import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { usePhaseRcLog } from './batchQueries';
import { useBatchFormat } from './useBatchFormat';

const COLUMNS = [
  'date',
  'batch',
  'c',
  'net',
  'mode',
  'vent',
  'comm',
  'manual',
  'dataTs',
  'temps',
  'cycle',
  'secs',
] as const;

/**
 * The RC unit events of one phase of a batch (spec doc 3 §2 columns, §9 at most 100 events). Spec
 * doc 1 §8: an answer with a status code shows an empty list.
 */
export function RcLogDialog({
  batchId,
  index,
  phaseName,
  onClose,
}: {
  batchId: number;
  index: number;
  phaseName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useBatchFormat();
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
          <TableContainer>
            <Table size="small" data-testid="rc-log">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c}>{t(`batches.rcLog.columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((e) => (
                  <TableRow key={`${e.ts}-${e.FC_ID}-${e.channel}`}>
                    <TableCell>{fmt.dateTime(e.ts)}</TableCell>
                    <TableCell>{e.batchRef ?? '--'}</TableCell>
                    <TableCell>{e.channel}</TableCell>
                    <TableCell>{e.net ?? '--'}</TableCell>
                    <TableCell>{e.fc_mode ?? '--'}</TableCell>
                    <TableCell>{e.ventMode ?? '--'}</TableCell>
                    <TableCell>{e.comm}</TableCell>
                    <TableCell>{t(e.manual ? 'batches.rcLog.yes' : 'batches.rcLog.no')}</TableCell>
                    <TableCell>{fmt.dateTime(e.dataTs)}</TableCell>
                    <TableCell>
                      {(e.temps ?? []).map((v) => fmt.temperature(v)).join(' / ') || '--'}
                    </TableCell>
                    <TableCell>{fmt.dateTime(e.cycle)}</TableCell>
                    <TableCell>{e.secs ?? '--'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('batches.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
