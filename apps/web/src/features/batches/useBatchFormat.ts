import { useMemo } from 'react';
import { displayTemperature, fahrenheitToCelsius, unitOf, type DegreesUnit } from '@emberwatch/shared';
import { formatDate } from '../../lib/formatDate';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useUiPreferences } from '../sessions';

export interface BatchFormat {
  unit: DegreesUnit;
  /** Epoch seconds in the user's date and time formats; '--' for none. */
  dateTime: (ts: number | null) => string;
  date: (ts: number | null) => string;
  /** Tenths of °C as text in the user's unit, with the unit. */
  temperature: (tenths: number | null) => string;
  /** Tenths of °C as the number a field in the user's unit shows. */
  toField: (tenths: number | null) => string;
  /** A field's number in the user's unit back to tenths of °C; null when empty or not a number. */
  fromField: (text: string) => number | null;
}

/** The user's unit and date formats for the batch pages (spec doc 1 §9). */
export function useBatchFormat(): BatchFormat {
  const prefs = useUiPreferences();
  return useMemo(() => {
    const unit = unitOf(prefs.degrees);
    return {
      unit,
      dateTime: (ts) => (ts === null ? '--' : formatDateTime(ts, prefs.date_format, prefs.time_format)),
      date: (ts) => (ts === null ? '--' : formatDate(ts, prefs.date_format)),
      temperature: (tenths) => formatTemperatureText(tenths, unit, true),
      toField: (tenths) => (tenths === null ? '' : String(displayTemperature(tenths, unit))),
      fromField: (text) => {
        const v = Number(text.trim().replace(',', '.'));
        if (text.trim() === '' || !Number.isFinite(v)) return null;
        return Math.round((unit === 'C' ? v : fahrenheitToCelsius(v)) * 10);
      },
    };
  }, [prefs.degrees, prefs.date_format, prefs.time_format]);
}
