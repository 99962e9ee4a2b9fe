import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  dayEndOf,
  dayInputOf,
  dayStartOf,
  switchState,
  type QualityPeriodChoice,
} from './qualityPeriodChoice';

const DAY_S = 86_400;

/**
 * The quality period (spec doc 3 §4 "Quality view"): unset (the last 30 days), ongoing from a day
 * (to = today) or set between two days. A start after the end, or after today, is not taken.
 */
export function QualityPeriodPicker({
  value,
  onChange,
  nowS,
}: {
  value: QualityPeriodChoice;
  onChange: (next: QualityPeriodChoice) => void;
  nowS: number;
}) {
  const { t } = useTranslation();
  const today = dayInputOf(nowS);
  const setFrom = (text: string) => {
    const from = dayStartOf(text);
    if (from === null || from > nowS || value.state === 'unset') return;
    if (value.state === 'set' && from >= value.to) return;
    onChange({ ...value, from });
  };
  const setTo = (text: string) => {
    const to = dayEndOf(text);
    if (to === null || value.state !== 'set' || to <= value.from) return;
    onChange({ ...value, to });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('quality.period.label')}
        value={value.state}
        onChange={(e) => onChange(switchState(value, e.target.value as QualityPeriodChoice['state'], nowS))}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="unset">{t('quality.period.unset')}</MenuItem>
        <MenuItem value="ongoing">{t('quality.period.ongoing')}</MenuItem>
        <MenuItem value="set">{t('quality.period.set')}</MenuItem>
      </TextField>
      {value.state !== 'unset' && (
        <TextField
          type="date"
          size="small"
          label={t('quality.period.from')}
          value={dayInputOf(value.from)}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      )}
      {value.state === 'set' && (
        <TextField
          type="date"
          size="small"
          label={t('quality.period.to')}
          value={dayInputOf(value.to - DAY_S)}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayInputOf(value.from) } }}
        />
      )}
    </Stack>
  );
}
