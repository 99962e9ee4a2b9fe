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
import {
  RC_LOG_LIMIT,
  operationModeLabel,
  temperatureBand,
  unitOf,
  type FcMode,
  type RcEvent,
} from '@emberwatch/shared';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useUiPreferences } from '../sessions';
import { TEMPERATURE_BAND_COLOURS, useTemperatureScale } from '../probes';
import { useRcLog } from './rcQueries';

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
  const prefs = useUiPreferences();
  const unit = unitOf(prefs.degrees);
  const scale = useTemperatureScale();
  const log = useRcLog(fcId, channel, uid);
  const events: RcEvent[] = (log.data ?? []).slice(0, RC_LOG_LIMIT);
  const time = (ts: number | null) => (ts === null ? '--' : new Date(ts * 1000).toLocaleString());
  const temp = (tenths: number | null | undefined) =>
    tenths === null || tenths === undefined ? (
      '--'
    ) : (
      <span style={{ color: TEMPERATURE_BAND_COLOURS[temperatureBand(tenths, scale.colorStepsC)].text }}>
        {formatTemperatureText(tenths, unit, true)}
      </span>
    );
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
          <TableContainer>
            <Table size="small" aria-label={t('fans.rc.logTitle', { id: fcId })}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c}>{t(`fans.rc.log.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((e, i) => (
                  <TableRow key={`${e.ts}-${e.channel}-${i}`} data-testid="rc-log-row">
                    <TableCell>{time(e.ts)}</TableCell>
                    <TableCell>{e.batchRef === null ? '--' : batchName(e.batchRef)}</TableCell>
                    <TableCell>{e.channel}</TableCell>
                    <TableCell>{e.net ?? '--'}</TableCell>
                    <TableCell>
                      {e.fc_mode ? operationModeLabel(e.fc_mode as FcMode) : '--'}
                      {' · '}
                      {e.command === 1 ? t('fans.command.on') : t('fans.command.off')}
                    </TableCell>
                    <TableCell>{e.ventMode ?? '--'}</TableCell>
                    <TableCell>{e.comm === 'offline' ? t('fans.offline') : t('fans.rc.online')}</TableCell>
                    <TableCell>{e.manual ? t('fans.rc.manual') : t('fans.rc.automatic')}</TableCell>
                    <TableCell>{time(e.dataTs)}</TableCell>
                    <TableCell>
                      {temp(e.temps?.[0])} / {temp(e.temps?.[1])}
                    </TableCell>
                    <TableCell>{time(e.cycle)}</TableCell>
                    <TableCell>{e.secs ?? '--'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('fans.rc.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
