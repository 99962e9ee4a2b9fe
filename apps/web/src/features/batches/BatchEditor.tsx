import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BATCH_NAME_MAX,
  BATCH_NOTES_MAX,
  BATCH_STATUS,
  type Batch,
} from '@emberwatch/shared/contracts/batches';
import type {
  CompostMethod,
  SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';
import { useSaveBatch, useSaveProcessPhases } from './batchQueries';
import { checkBatchSettings } from './batchSettingsCheck';
import { BatchSettingsFields } from './BatchSettingsFields';
import { toDrafts, type PhaseDraft } from './phaseDrafts';
import { PhasePlanEditor } from './PhasePlanEditor';
import { ProbePicker } from './ProbePicker';
import { useStationProbeNames } from './stationNames';
import { useBatchFormat } from './useBatchFormat';

interface Draft {
  name: string;
  notes: string;
  completed: boolean;
  method: CompostMethod;
  standard: SanitisationStandard;
  alertTemp: string;
  probes: string[];
  replace: { from: string; to: string }[];
  phases: PhaseDraft[];
}

function draftOf(batch: Batch, fmt: ReturnType<typeof useBatchFormat>): Draft {
  return {
    name: batch.batch_name,
    notes: batch.notes,
    completed: batch.status === BATCH_STATUS.completed,
    method: batch.method,
    standard: batch.standard,
    alertTemp: fmt.toField(batch.alertTemp),
    probes: [...batch.probes],
    replace: [],
    phases: toDrafts(batch.batch_phases, fmt),
  };
}

/**
 * Editing a batch (spec doc 3 §3): name, notes, completion, method and standard, the alert limit,
 * its probes and replacements (saveBatch), and its phase plan (saveProcessPhases). `onDirty` tells
 * the page whether there are unsaved edits, so it can keep the user from leaving (spec doc 1 §8).
 */
export function BatchEditor({
  batch,
  onDirty,
  onDone,
}: {
  batch: Batch;
  onDirty: (dirty: boolean) => void;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const fmt = useBatchFormat(batch.BS_ID);
  const initial = useMemo(() => draftOf(batch, fmt), [batch, fmt]);
  const [draft, setDraftState] = useState<Draft>(initial);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saveBatch = useSaveBatch();
  const savePhases = useSaveProcessPhases();
  const stationProbes = useStationProbeNames(batch.BS_ID);
  const started = batch.batch_phases.filter((p) => p.phase_start_date !== null).length;
  const ongoing = batch.status === BATCH_STATUS.ongoing;

  const setDraft = (patch: Partial<Draft>) => setDraftState((d) => ({ ...d, ...patch }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const addReplacement = () => {
    if (!from || !to || from === to) return setError(t('batches.errors.replace'));
    setError(null);
    setDraft({
      probes: draft.probes.map((p) => (p === from ? to : p)),
      replace: [...draft.replace, { from, to }],
    });
    setFrom('');
    setTo('');
  };

  const save = async () => {
    setError(null);
    if (draft.name.trim() === '') return setError(t('batches.errors.name'));
    const checked = checkBatchSettings(draft, fmt, t);
    if ('error' in checked) return setError(checked.error);
    const planChanged = JSON.stringify(draft.phases) !== JSON.stringify(initial.phases);
    try {
      await saveBatch.mutateAsync({
        batch_id: batch.batch_id,
        BS_ID: batch.BS_ID,
        batch_name: draft.name.trim(),
        status: draft.completed ? BATCH_STATUS.completed : BATCH_STATUS.ongoing,
        method: draft.method,
        standard: draft.standard,
        alertTemp: checked.alertTemp,
        probes: draft.probes,
        ...(draft.replace.length > 0 ? { replace: draft.replace } : {}),
        notes: draft.notes,
      });
      if (planChanged) await savePhases.mutateAsync({ batch_id: batch.batch_id, phases: checked.phases });
      onDirty(false);
      onDone(true);
    } catch (e) {
      setError(t('batches.failed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const leaving = draft.probes.filter((p) => batch.probes.includes(p));
  const arriving = stationProbes.probes.map((p) => p.id).filter((id) => !draft.probes.includes(id));
  const busy = saveBatch.isPending || savePhases.isPending;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="batch-editor">
      <Stack spacing={2}>
        <TextField
          label={t('batches.fields.name')}
          value={draft.name}
          onChange={(e) => setDraft({ name: e.target.value })}
          slotProps={{ htmlInput: { maxLength: BATCH_NAME_MAX, 'data-testid': 'batch-name' } }}
        />
        <BatchSettingsFields value={draft} onChange={setDraft} unit={fmt.unit} />
        <ProbePicker
          options={stationProbes.probes
            .map((p) => p.id)
            .concat(draft.probes.filter((p) => !stationProbes.probes.some((s) => s.id === p)))}
          value={draft.probes}
          onChange={(probes) => setDraft({ probes })}
          label={stationProbes.label}
        />
        {ongoing && batch.currentPhase !== null && (
          <Box>
            <Typography variant="subtitle2">{t('batches.replace.title')}</Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
              <TextField
                select
                size="small"
                label={t('batches.replace.from')}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                sx={{ minWidth: 260 }}
              >
                {leaving.map((p) => (
                  <MenuItem key={p} value={p}>
                    {stationProbes.label(p)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('batches.replace.to')}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                sx={{ minWidth: 260 }}
              >
                {arriving.map((p) => (
                  <MenuItem key={p} value={p}>
                    {stationProbes.label(p)}
                  </MenuItem>
                ))}
              </TextField>
              <Button onClick={addReplacement}>{t('batches.replace.add')}</Button>
            </Box>
            {draft.replace.map((r) => (
              <Typography key={`${r.from}-${r.to}`} variant="body2" color="text.secondary">
                {t('batches.replace.pending', { from: r.from, to: r.to })}
              </Typography>
            ))}
          </Box>
        )}
        <PhasePlanEditor
          drafts={draft.phases}
          onChange={(phases) => setDraft({ phases })}
          fixedCount={started}
        />
        <TextField
          label={t('batches.fields.notes')}
          value={draft.notes}
          multiline
          minRows={2}
          onChange={(e) => setDraft({ notes: e.target.value })}
          slotProps={{ htmlInput: { maxLength: BATCH_NOTES_MAX } }}
        />
        <FormControlLabel
          control={
            <Checkbox checked={draft.completed} onChange={(e) => setDraft({ completed: e.target.checked })} />
          }
          label={t('batches.fields.completed')}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              onDirty(false);
              onDone(false);
            }}
            data-testid="batch-edit-cancel"
          >
            {t('batches.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy}
            data-testid="batch-edit-save"
          >
            {t('batches.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
