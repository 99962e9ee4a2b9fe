import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { firmwareIntervals, type FirmwareIntervals as Allowed } from '@emberwatch/shared/domain/firmware';

/**
 * Spec doc 2 §2.5, §6 "firmware intervals": which interval settings the station's firmware allows,
 * and, while a revision is chosen, which the chosen one would (an update may give or take settings
 * away). Our reading of the thresholds is decision 0093; the probe settings themselves are edited in
 * a probe's Properties (spec doc 2 §4).
 */
export function FirmwareIntervals({ current, chosen }: { current: string | null; chosen: string | null }) {
  const { t } = useTranslation();
  const columns: { label: string; allowed: Allowed }[] = [
    { label: t('firmware.intervals.current', { rev: current ?? '–' }), allowed: firmwareIntervals(current) },
    ...(chosen
      ? [{ label: t('firmware.intervals.chosen', { rev: chosen }), allowed: firmwareIntervals(chosen) }]
      : []),
  ];
  const yesNo = (b: boolean) => (b ? t('firmware.intervals.yes') : t('firmware.intervals.no'));
  const rows: { key: string; label: string; value: (a: Allowed) => string }[] = [
    {
      key: 'station',
      label: t('firmware.intervals.station'),
      value: (a) => t(`firmware.intervals.mode.${a.stationIntervals}`),
    },
    {
      key: 'measurement',
      label: t('firmware.intervals.measurement'),
      value: (a) => yesNo(a.probeMeasurementInterval),
    },
    { key: 'receiving', label: t('firmware.intervals.receiving'), value: (a) => yesNo(a.probeReceivingTime) },
  ];
  return (
    <section aria-label={t('firmware.intervals.title')} data-testid="firmware-intervals">
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('firmware.intervals.title')}
      </Typography>
      <Table size="small" aria-label={t('firmware.intervals.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('firmware.intervals.setting')}</TableCell>
            {columns.map((c) => (
              <TableCell key={c.label}>{c.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key} data-testid={`interval-${r.key}`}>
              <TableCell>{r.label}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.label}>{r.value(c.allowed)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
