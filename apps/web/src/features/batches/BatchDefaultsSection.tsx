import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BATCH_ALERT_TEMP_MAX,
  BATCH_ALERT_TEMP_MIN,
  PHASE_HOURS_MAX,
  PHASE_TEMP_MAX,
  PHASE_TEMP_MIN,
  type BatchDefaults,
  type ReportContent,
} from '@emberwatch/shared/contracts/batches';
import { mayChangeBatches } from '@emberwatch/shared/domain/batches/batchRights';
import {
  COMPOST_METHODS,
  SANITISATION_STANDARDS,
  type CompostMethod,
  type SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useProcessPhases, useSaveProcessPhases } from './batchQueries';
import { fromDrafts, toDrafts, type PhaseDraft } from './phaseDrafts';
import { PhasePlanEditor } from './PhasePlanEditor';
import { useBatchFormat } from './useBatchFormat';

const REPORT_PARTS = [
  'phases',
  'probes',
  'turnings',
  'dailyTable',
  'signature',
] as const satisfies readonly (keyof ReportContent)[];

/**
 * Spec doc 1 §2 "Default batch settings and report content" (compost supervisors only; the settings
 * page decides with canSeeBatchDefaults): the phases a new batch starts from, its alert limit,
 * method and standard, and what the sanitisation report's PDF holds. Saved with saveProcessPhases.
 */
export function BatchDefaultsSection() {
  const { t } = useTranslation();
  const phases = useProcessPhases(null);
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
      data-testid="settings-batch-defaults"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('batches.defaults.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('batches.defaults.intro')}
      </Typography>
      {phases.error ? (
        <LoadErrorAlert error={phases.error} onRetry={() => void phases.refetch()} />
      ) : !phases.data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : (
        <DefaultsForm defaults={phases.data.defaults} />
      )}
    </Paper>
  );
}

function DefaultsForm({ defaults }: { defaults: BatchDefaults }) {
  const { t } = useTranslation();
  const fmt = useBatchFormat();
  const { roleContext } = useShellContext();
  const mayEdit = mayChangeBatches(roleContext, 'editBatchDefaults');
  const save = useSaveProcessPhases();
  const [drafts, setDrafts] = useState<PhaseDraft[]>(() => toDrafts(defaults.phases, fmt));
  const [alertTemp, setAlertTemp] = useState(fmt.toField(defaults.alertTemp));
  const [method, setMethod] = useState<CompostMethod>(defaults.method);
  const [standard, setStandard] = useState<SanitisationStandard>(defaults.standard);
  const [report, setReport] = useState<ReportContent>(defaults.report);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = () => {
    setError(null);
    setSaved(false);
    const plan = fromDrafts(drafts, fmt);
    if ('error' in plan)
      return setError(
        plan.error === 'phaseName'
          ? t('batches.errors.phaseName')
          : plan.error === 'hours'
            ? t('batches.errors.hours', { max: PHASE_HOURS_MAX })
            : t('batches.errors.number', {
                min: fmt.temperature(PHASE_TEMP_MIN),
                max: fmt.temperature(PHASE_TEMP_MAX),
              }),
      );
    const limit = alertTemp.trim() === '' ? null : fmt.fromField(alertTemp);
    if (
      alertTemp.trim() !== '' &&
      (limit === null || limit < BATCH_ALERT_TEMP_MIN || limit > BATCH_ALERT_TEMP_MAX)
    )
      return setError(
        t('batches.errors.number', {
          min: fmt.temperature(BATCH_ALERT_TEMP_MIN),
          max: fmt.temperature(BATCH_ALERT_TEMP_MAX),
        }),
      );
    save.mutate(
      { phases: plan.phases, defaults: { alertTemp: limit, method, standard, report } },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => setError(t('batches.failed', { message: e.message })),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <PhasePlanEditor drafts={drafts} onChange={setDrafts} disabled={!mayEdit} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('batches.fields.method')}
          value={method}
          disabled={!mayEdit}
          onChange={(e) => setMethod(e.target.value as CompostMethod)}
          sx={{ minWidth: 200 }}
        >
          {COMPOST_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`batches.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('batches.fields.standard')}
          value={standard}
          disabled={!mayEdit}
          onChange={(e) => setStandard(e.target.value as SanitisationStandard)}
          sx={{ minWidth: 220 }}
        >
          {SANITISATION_STANDARDS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`batches.standards.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('batches.fields.alertTemp', { unit: `°${fmt.unit}` })}
          helperText={alertTemp.trim() === '' ? t('batches.fields.alertOff') : undefined}
          value={alertTemp}
          disabled={!mayEdit}
          onChange={(e) => setAlertTemp(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'defaults-alert-temp' } }}
          sx={{ width: 220 }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2">{t('batches.defaults.reportTitle')}</Typography>
        <FormGroup>
          {REPORT_PARTS.map((part) => (
            <FormControlLabel
              key={part}
              disabled={!mayEdit}
              control={
                <Checkbox
                  checked={report[part]}
                  onChange={(e) => setReport({ ...report, [part]: e.target.checked })}
                />
              }
              label={t(`batches.defaults.report.${part}`)}
            />
          ))}
        </FormGroup>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {saved && <Alert severity="success">{t('batches.defaults.saved')}</Alert>}
      {mayEdit && (
        <Box>
          <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="defaults-save">
            {t('batches.defaults.save')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
