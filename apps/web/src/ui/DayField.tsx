import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import { formatDay, parseDay } from '../lib/dayText';

export interface DayFieldProps {
  label: string;
  /** The day, yyyy-MM-dd. */
  value: string;
  /** Called with a real day (yyyy-MM-dd), never with a half-typed one. */
  onChange: (isoDay: string) => void;
  /** The user's date format (ui_preferences.date_format, spec doc 1 §9). */
  dateFormat: string;
  testId?: string;
}

/**
 * A day in the user's chosen date format, not the browser's: typed ("23/11/2026", read when the field
 * is left or Enter is pressed) or picked in the browser's calendar behind the button. A native date
 * input would show the browser's locale format whatever the user chose.
 */
export function DayField({ label, value, onChange, dateFormat, testId }: DayFieldProps) {
  const { t } = useTranslation();
  const helperId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const text = useRef<HTMLInputElement>(null);
  // What the user is typing; null while the field shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? formatDay(value, dateFormat);
  const parsed = draft === null ? value : parseDay(draft, dateFormat);
  const invalid = draft !== null && parsed === null;

  const commit = () => {
    if (draft === null) return;
    const day = parseDay(draft, dateFormat);
    if (day === null) return;
    setDraft(null);
    if (day !== value) onChange(day);
  };

  const openCalendar = () => {
    const input = picker.current;
    try {
      if (input && typeof input.showPicker === 'function') {
        input.showPicker();
        return;
      }
    } catch {
      // No calendar in this browser: the field still takes a typed day.
    }
    text.current?.focus();
  };

  return (
    <TextField
      size="small"
      label={label}
      value={shown}
      error={invalid}
      helperText={
        invalid
          ? t('common.dayHint', {
              example: formatDay(value, dateFormat) || formatDay('2026-12-31', dateFormat),
            })
          : undefined
      }
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
      inputRef={text}
      sx={{ width: '17ch' }}
      slotProps={{
        inputLabel: { shrink: true },
        formHelperText: { id: helperId },
        htmlInput: {
          'data-testid': testId,
          autoComplete: 'off',
          spellCheck: false,
          'aria-describedby': invalid ? helperId : undefined,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                edge="end"
                size="small"
                aria-label={t('common.openCalendar', { field: label })}
                onClick={openCalendar}
              >
                <CalendarMonth fontSize="small" />
              </IconButton>
              {/* The browser's calendar, opened by the button; its own text (in the browser's format) is never shown. */}
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                value={value}
                onChange={(e) => {
                  if (!e.target.value) return;
                  setDraft(null);
                  onChange(e.target.value);
                }}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
