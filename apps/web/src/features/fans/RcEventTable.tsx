import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RcEvent } from '@emberwatch/shared/contracts/batches';
import { operationModeLabel, type FcMode } from '@emberwatch/shared/domain/fans/fanDisplay';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useUiPreferences } from '../sessions';
import { TEMPERATURE_BAND_COLOURS, useTemperatureScale } from '../probes';

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
 * RC unit events as spec doc 3 §2 lists them (Date, Batch, C, Net, Mode, Vent, Comm, Manual, DataTS,
 * Temps, Cycle, Secs), times in the user's date and time formats, temperatures coloured by the
 * user's steps: the settings' event log and a batch phase's log show the same table. A batch's log
 * passes its station's `timeZone`, so its times read as the rest of the batch page (decision 0079).
 */
export function RcEventTable({
  events,
  batchName,
  label,
  timeZone = null,
}: {
  events: readonly RcEvent[];
  batchName: (batchId: number) => string;
  label: string;
  timeZone?: string | null;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const unit = unitOf(prefs.degrees);
  const scale = useTemperatureScale();
  const time = (ts: number | null) =>
    ts === null ? '--' : formatDateTime(ts, prefs.date_format, prefs.time_format, timeZone);
  const temp = (tenths: number | null | undefined) =>
    tenths === null || tenths === undefined ? (
      '--'
    ) : (
      <span style={{ color: TEMPERATURE_BAND_COLOURS[temperatureBand(tenths, scale.colorStepsC)].text }}>
        {formatTemperatureText(tenths, unit, true)}
      </span>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={label} data-testid="rc-log">
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
  );
}
