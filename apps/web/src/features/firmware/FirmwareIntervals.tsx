import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { firmwareIntervals, type FirmwareIntervals as Allowed } from '@emberwatch/shared/domain/firmware';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useBsConf } from '../base-stations';

/**
 * Spec doc 2 §2.5, §6 "firmware intervals": which interval settings the station's firmware allows,
 * and, while a revision is chosen, which the chosen one would (an update may give or take settings
 * away). Our reading of the thresholds is decision 0093; the probe settings themselves are edited in
 * a probe's Properties (spec doc 2 §4). From firmware 3 the station may keep intervals of its own
 * (userBSIntervals of its configuration, saved by POST bsConf): the switch below the table.
 */
export function FirmwareIntervals({
  bsId,
  current,
  chosen,
}: {
  bsId: string;
  current: string | null;
  chosen: string | null;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const conf = useBsConf(bsId).data;
  const save = useMutation({
    mutationFn: (userBSIntervals: boolean) =>
      api.call(endpoints.stationAdmin.saveBsConf, {
        basestationID: bsId,
        tempIntervalDegrees: conf?.tempIntervalDegrees ?? null,
        alarm_treshold_1: conf?.alarm_treshold_1 ?? null,
        alarm_treshold_2: conf?.alarm_treshold_2 ?? null,
        userBSIntervals,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bsConf(bsId) }),
  });
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
      {conf && firmwareIntervals(current).stationIntervals === 'user' && (
        <>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={conf.userBSIntervals}
                disabled={save.isPending}
                onChange={(e) => save.mutate(e.target.checked)}
              />
            }
            label={t('firmware.intervals.userSwitch')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('firmware.intervals.userHelp')}
          </Typography>
          {save.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {t('firmware.intervals.saveFailed')}
            </Alert>
          )}
        </>
      )}
    </section>
  );
}
