import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DATA_BREAK_DELAY_CHOICES_S } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { delayText } from './delayText';

// A select's value is a string: '' stands for "no choice" (the default).
const DEFAULT = '';

/**
 * "Warn when no data for": the default (named with what it is) or one of the delays the app offers.
 * A delay saved that is not among the choices (set through the API) stays selectable as it is.
 */
export function DataBreakDelaySelect({
  id,
  value,
  defaultLabel,
  disabled,
  helperText,
  onChange,
}: {
  id: string;
  value: number | null;
  defaultLabel: string;
  disabled: boolean;
  helperText?: string;
  onChange: (delayS: number | null) => void;
}) {
  const { t } = useTranslation();
  const choices: readonly number[] =
    value === null || (DATA_BREAK_DELAY_CHOICES_S as readonly number[]).includes(value)
      ? DATA_BREAK_DELAY_CHOICES_S
      : [...DATA_BREAK_DELAY_CHOICES_S, value].sort((a, b) => a - b);
  return (
    <TextField
      id={id}
      select
      label={t('dataBreaks.delay')}
      value={value === null ? DEFAULT : String(value)}
      disabled={disabled}
      helperText={helperText}
      onChange={(e) => onChange(e.target.value === DEFAULT ? null : Number(e.target.value))}
      // The default is the empty value: shown by name, with the label above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240 }}
    >
      <MenuItem value={DEFAULT}>{defaultLabel}</MenuItem>
      {choices.map((s) => (
        <MenuItem key={s} value={String(s)}>
          {delayText(t, s)}
        </MenuItem>
      ))}
    </TextField>
  );
}
