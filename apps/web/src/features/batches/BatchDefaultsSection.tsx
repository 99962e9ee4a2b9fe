import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BatchDefaults, ReportContent } from '@emberwatch/shared/contracts/batches';
import { mayChangeBatches } from '@emberwatch/shared/domain/batches/batchRights';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useProcessPhases, useSaveProcessPhases } from './batchQueries';
import { checkBatchSettings } from './batchSettingsCheck';
import { BatchSettingsFields, type BatchSettingsValue } from './BatchSettingsFields';
import { toDrafts, type PhaseDraft } from './phaseDrafts';
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
  const [settings, setSettings] = useState<BatchSettingsValue>({
    method: defaults.method,
    standard: defaults.standard,
    alertTemp: fmt.toField(defaults.alertTemp),
  });
  const [report, setReport] = useState<ReportContent>(defaults.report);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = () => {
    setError(null);
    setSaved(false);
    const checked = checkBatchSettings({ phases: drafts, alertTemp: settings.alertTemp }, fmt, t);
    if ('error' in checked) return setError(checked.error);
    const { method, standard } = settings;
    save.mutate(
      { phases: checked.phases, defaults: { alertTemp: checked.alertTemp, method, standard, report } },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => setError(t('batches.failed', { message: e.message })),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <PhasePlanEditor drafts={drafts} onChange={setDrafts} disabled={!mayEdit} />
      <BatchSettingsFields
        value={settings}
        onChange={(patch) => setSettings((v) => ({ ...v, ...patch }))}
        unit={fmt.unit}
        disabled={!mayEdit}
        alertTempTestId="defaults-alert-temp"
      />
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
