import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProbeStopSettings } from '@emberwatch/shared/contracts/stationAdmin';
import { DATA_BREAK_DELAY_CHOICES_S } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import {
  PROBE_STOP_INTERVALS_MAX,
  PROBE_STOP_INTERVALS_MIN,
} from '@emberwatch/shared/domain/stationAdmin/probeStopSettings';
import { formatDateTime } from '../../lib/formatDateTime';
import { useShellContext } from '../../lib/shellContext';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { useProbeStopSettings, useSaveProbeStopSettings } from './stationAdminQueries';

const INTERVALS = Array.from(
  { length: PROBE_STOP_INTERVALS_MAX - PROBE_STOP_INTERVALS_MIN + 1 },
  (_, i) => PROBE_STOP_INTERVALS_MIN + i,
);

/** "4 h", "30 min", "1 h 30 min". */
function hoursText(
  t: (k: 'stationAdmin.probeStop.hours' | 'stationAdmin.probeStop.minutes', o: object) => string,
  s: number,
) {
  const h = Math.floor(s / 3600);
  const min = Math.round((s % 3600) / 60);
  return [
    ...(h > 0 ? [t('stationAdmin.probeStop.hours', { n: h })] : []),
    ...(min > 0 || h === 0 ? [t('stationAdmin.probeStop.minutes', { n: min })] : []),
  ].join(' ');
}

/**
 * /admin/probe-stop (spec doc 1 §7 getProbeStopSettings / saveProbeStopSettings; decision 0094): the
 * fleet's rules for when a silent station or probe is a data break — the delay of an account that
 * chose none, and how many reporting intervals every delay spans at least. Every staff level reads
 * them; Root and Admin change them.
 */
export function ProbeStopSettingsPage() {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const { roleContext } = useShellContext();
  const mayChange = mayUseOperatorTool(
    { admin: roleContext.admin, adminGroup: roleContext.adminGroup },
    'probeStopSettings',
  );
  const current = useProbeStopSettings();
  const save = useSaveProbeStopSettings();
  const [edit, setEdit] = useState<ProbeStopSettings | null>(null);

  if (current.error) return <LoadErrorAlert error={current.error} onRetry={() => void current.refetch()} />;
  if (!current.data) return <LoadingIndicator label={t('common.loading')} />;
  const saved = current.data.settings;
  const value = edit ?? saved;
  const choices = (DATA_BREAK_DELAY_CHOICES_S as readonly number[]).includes(value.defaultS)
    ? DATA_BREAK_DELAY_CHOICES_S
    : [...DATA_BREAK_DELAY_CHOICES_S, value.defaultS].sort((a, b) => a - b);
  const changed = value.defaultS !== saved.defaultS || value.reportingIntervals !== saved.reportingIntervals;
  const spec = current.data.specDefaults;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack sx={{ gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('stationAdmin.probeStop.title')}
        </Typography>
        <Typography color="text.secondary">{t('stationAdmin.probeStop.explain')}</Typography>
        <TextField
          select
          label={t('stationAdmin.probeStop.defaultDelay')}
          value={String(value.defaultS)}
          disabled={!mayChange}
          onChange={(e) => setEdit({ ...value, defaultS: Number(e.target.value) })}
          helperText={t('stationAdmin.probeStop.specValue', { value: hoursText(t, spec.defaultS) })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'probe-stop-delay' } }}
        >
          {choices.map((s) => (
            <option key={s} value={String(s)}>
              {hoursText(t, s)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label={t('stationAdmin.probeStop.intervals')}
          value={String(value.reportingIntervals)}
          disabled={!mayChange}
          onChange={(e) => setEdit({ ...value, reportingIntervals: Number(e.target.value) })}
          helperText={t('stationAdmin.probeStop.intervalsHelp', { n: spec.reportingIntervals })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'probe-stop-intervals' } }}
        >
          {INTERVALS.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </TextField>
        {current.data.updated_by && current.data.updated_ts !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="probe-stop-updated">
            {t('stationAdmin.probeStop.updated', {
              who: current.data.updated_by,
              when: formatDateTime(current.data.updated_ts, prefs.date_format, prefs.time_format),
            })}
          </Typography>
        )}
        {!mayChange && <Alert severity="info">{t('stationAdmin.probeStop.readOnly')}</Alert>}
        {save.isError && <Alert severity="error">{t('stationAdmin.probeStop.saveFailed')}</Alert>}
        {save.isSuccess && !changed && <Alert severity="success">{t('stationAdmin.probeStop.saved')}</Alert>}
        {mayChange && (
          <Stack direction="row" sx={{ gap: 1.5 }}>
            <Button
              variant="contained"
              disabled={!changed || save.isPending}
              onClick={() => save.mutate(value, { onSuccess: () => setEdit(null) })}
              data-testid="probe-stop-save"
            >
              {t('stationAdmin.probeStop.save')}
            </Button>
            <Button
              disabled={
                value.defaultS === spec.defaultS && value.reportingIntervals === spec.reportingIntervals
              }
              onClick={() => setEdit(spec)}
            >
              {t('stationAdmin.probeStop.specDefaults')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
