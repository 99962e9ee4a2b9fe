import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  COMPOST_METHODS,
  SANITISATION_STANDARDS,
  type CompostMethod,
  type SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';

export interface BatchSettingsValue {
  method: CompostMethod;
  standard: SanitisationStandard;
  /** The alert limit as typed, in the user's unit; empty for no alert. */
  alertTemp: string;
}

/** A batch's method, sanitisation standard and alert limit: the same three fields on a batch and its defaults. */
export function BatchSettingsFields({
  value,
  onChange,
  unit,
  disabled = false,
  alertTempTestId,
}: {
  value: BatchSettingsValue;
  onChange: (patch: Partial<BatchSettingsValue>) => void;
  unit: string;
  disabled?: boolean;
  alertTempTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        label={t('batches.fields.method')}
        value={value.method}
        disabled={disabled}
        onChange={(e) => onChange({ method: e.target.value as CompostMethod })}
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
        value={value.standard}
        disabled={disabled}
        onChange={(e) => onChange({ standard: e.target.value as SanitisationStandard })}
        sx={{ minWidth: 220 }}
      >
        {SANITISATION_STANDARDS.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`batches.standards.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('batches.fields.alertTemp', { unit: `°${unit}` })}
        helperText={value.alertTemp.trim() === '' ? t('batches.fields.alertOff') : undefined}
        value={value.alertTemp}
        disabled={disabled}
        onChange={(e) => onChange({ alertTemp: e.target.value })}
        slotProps={{
          htmlInput: { inputMode: 'decimal', ...(alertTempTestId ? { 'data-testid': alertTempTestId } : {}) },
        }}
        sx={{ width: 220 }}
      />
    </Box>
  );
}
