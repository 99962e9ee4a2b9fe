import { useTranslation } from 'react-i18next';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BATCH_PHASES_MAX, PHASE_NAME_MAX } from '@emberwatch/shared/contracts/batches';
import { newDraftKey, type PhaseDraft } from './phaseDrafts';
import { useBatchFormat } from './useBatchFormat';

/**
 * A process's phases as a form: each phase's name, target temperature (in the user's unit) and the
 * hours it must be held. Used for a batch's own plan and for the account's default plan.
 */
export function PhasePlanEditor({
  drafts,
  onChange,
  disabled,
  fixedCount = 0,
}: {
  drafts: readonly PhaseDraft[];
  onChange: (drafts: PhaseDraft[]) => void;
  disabled?: boolean;
  /** Phases that may not be removed (a batch's started phases). */
  fixedCount?: number;
}) {
  const { t } = useTranslation();
  const { unit } = useBatchFormat();
  const set = (i: number, patch: Partial<PhaseDraft>) =>
    onChange(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <Box data-testid="phase-plan">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('batches.phases.plan')}
      </Typography>
      <Stack spacing={1.5}>
        {drafts.map((d, i) => (
          <Box key={d.key} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('batches.phases.name')}
              value={d.phase_name}
              disabled={disabled}
              onChange={(e) => set(i, { phase_name: e.target.value })}
              slotProps={{ htmlInput: { maxLength: PHASE_NAME_MAX } }}
              sx={{ flex: '2 1 180px' }}
            />
            <TextField
              size="small"
              label={t('batches.phases.targetTemp', { unit: `°${unit}` })}
              value={d.targetTemp}
              disabled={disabled}
              onChange={(e) => set(i, { targetTemp: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: '1 1 100px' }}
            />
            <TextField
              size="small"
              label={t('batches.phases.targetHours')}
              value={d.targetHours}
              disabled={disabled}
              onChange={(e) => set(i, { targetHours: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: '1 1 90px' }}
            />
            <IconButton
              aria-label={t('batches.phases.remove', { name: d.phase_name })}
              disabled={disabled || i < fixedCount || drafts.length <= 1}
              onClick={() => onChange(drafts.filter((_, j) => j !== i))}
            >
              <Delete />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Button
        startIcon={<Add />}
        sx={{ mt: 1 }}
        disabled={disabled || drafts.length >= BATCH_PHASES_MAX}
        onClick={() =>
          onChange([...drafts, { key: newDraftKey(), phase_name: '', targetTemp: '', targetHours: '' }])
        }
      >
        {t('batches.phases.add')}
      </Button>
    </Box>
  );
}
