import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import {
  parseSettingInput,
  settingToCelsius,
  settingToDisplay,
  TEMPERATURE_SETTING_RANGE,
  type TemperatureSettingError,
} from '@emberwatch/shared/domain/temperatureSettingRange';

/** Typing pauses this long before a valid value is saved; leaving the field saves at once. */
export const TEMPERATURE_SAVE_DEBOUNCE_MS = 700;

export interface GroupValidation {
  fields: (TemperatureSettingError | null)[];
  /** An error of the whole group (colour steps decreasing, chart minimum not below maximum). */
  group: string | null;
}

export interface TemperatureFieldsProps {
  /** Stored values in °C. */
  valuesC: readonly number[];
  unit: DegreesUnit;
  labels: readonly string[];
  validate: (texts: string[]) => GroupValidation;
  /** Saves the values (°C); resolves false when the change was refused or cancelled. */
  onCommit: (valuesC: number[]) => Promise<boolean>;
  testId: string;
}

const displayTexts = (valuesC: readonly number[], unit: DegreesUnit) =>
  valuesC.map((v) => String(settingToDisplay(v, unit)));

/**
 * One or more temperature settings edited together in the user's unit (spec doc 1 §5: 0–100 °C or
 * 20–220 °F), stored in °C. Each valid change is saved after a short pause; an invalid one shows
 * its error under the field and is not saved. While a field has focus it keeps what the user typed;
 * otherwise it follows the stored values (so a failed save shows the previous value again).
 */
export function TemperatureFields({
  valuesC,
  unit,
  labels,
  validate,
  onCommit,
  testId,
}: TemperatureFieldsProps) {
  const { t } = useTranslation();
  const source = `${unit}:${valuesC.join(',')}`;
  const [texts, setTexts] = useState(() => displayTexts(valuesC, unit));
  const [synced, setSynced] = useState(source);
  const [focused, setFocused] = useState(false);
  if (source !== synced && !focused) {
    setSynced(source);
    setTexts(displayTexts(valuesC, unit));
  }

  const latest = useRef({ valuesC, unit, onCommit });
  useLayoutEffect(() => {
    latest.current = { valuesC, unit, onCommit };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string[] | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const validation = validate(texts);
  const { min, max } = TEMPERATURE_SETTING_RANGE[unit];

  function commit(next: string[]) {
    clearTimeout(timer.current);
    pending.current = null;
    const { valuesC: stored, unit: u, onCommit: save } = latest.current;
    const celsius = next.map((text) => settingToCelsius(parseSettingInput(text) ?? 0, u));
    if (celsius.every((c, i) => c === stored[i])) return;
    void save(celsius).then((ok) => {
      if (!ok) setTexts(displayTexts(latest.current.valuesC, latest.current.unit));
    });
  }

  function change(index: number, text: string) {
    const next = texts.map((old, i) => (i === index ? text : old));
    setTexts(next);
    clearTimeout(timer.current);
    pending.current = null;
    const v = validate(next);
    if (v.group || v.fields.some((e) => e !== null)) return;
    pending.current = next;
    timer.current = setTimeout(() => commit(next), TEMPERATURE_SAVE_DEBOUNCE_MS);
  }

  const errorText = (e: TemperatureSettingError | null) => {
    if (e === 'outOfRange') return t('settings.validation.range', { min, max, unit });
    if (e === 'required') return t('settings.validation.required');
    if (e === 'notNumber') return t('settings.validation.number');
    return undefined;
  };

  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {labels.map((label, i) => {
          const fieldError = validation.fields[i] ?? null;
          return (
            <TextField
              key={label}
              label={label}
              value={texts[i] ?? ''}
              onChange={(e) => change(i, e.target.value)}
              onFocus={() => setFocused(true)}
              onBlur={() => {
                setFocused(false);
                if (pending.current) commit(pending.current);
              }}
              error={fieldError !== null || validation.group !== null}
              helperText={errorText(fieldError)}
              size="small"
              sx={{ width: { xs: labels.length > 2 ? 'calc(50% - 6px)' : '100%', sm: 130 } }}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'aria-invalid': fieldError !== null },
                input: { endAdornment: <InputAdornment position="end">°{unit}</InputAdornment> },
              }}
            />
          );
        })}
      </Box>
      {validation.group && (
        <FormHelperText error role="alert">
          {validation.group}
        </FormHelperText>
      )}
    </Box>
  );
}
