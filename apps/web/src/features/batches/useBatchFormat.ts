import { useMemo } from 'react';
import {
  displayTemperature,
  fahrenheitToCelsius,
  unitOf,
  type DegreesUnit,
} from '@emberwatch/shared/domain/temperature';
import { formatDate } from '../../lib/formatDate';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useUiPreferences } from '../sessions';
import { useBatchTimeZone } from './useBatchTimeZone';

export interface BatchFormat {
  unit: DegreesUnit;
  /** The zone the times below are on: the batch's station's (decision 0079). */
  timeZone: string;
  /** Epoch seconds in the user's date and time formats, on the station's clock; '--' for none. */
  dateTime: (ts: number | null) => string;
  date: (ts: number | null) => string;
  /** Tenths of °C as text in the user's unit, with the unit. */
  temperature: (tenths: number | null) => string;
  /** Tenths of °C as the number a field in the user's unit shows. */
  toField: (tenths: number | null) => string;
  /** A field's number in the user's unit back to tenths of °C; null when empty or not a number. */
  fromField: (text: string) => number | null;
}

/**
 * The user's unit and date formats for the batch pages (spec doc 1 §9), times on the clock of the
 * batch's station `bsId` (the batch's PDF writes the same, decision 0079); without a station, the
 * browser's.
 */
export function useBatchFormat(bsId?: string): BatchFormat {
  const prefs = useUiPreferences();
  const timeZone = useBatchTimeZone(bsId);
  return useMemo(() => {
    const unit = unitOf(prefs.degrees);
    return {
      unit,
      timeZone,
      dateTime: (ts) =>
        ts === null ? '--' : formatDateTime(ts, prefs.date_format, prefs.time_format, timeZone),
      date: (ts) => (ts === null ? '--' : formatDate(ts, prefs.date_format, timeZone)),
      temperature: (tenths) => formatTemperatureText(tenths, unit, true),
      toField: (tenths) => (tenths === null ? '' : String(displayTemperature(tenths, unit))),
      fromField: (text) => {
        const v = Number(text.trim().replace(',', '.'));
        if (text.trim() === '' || !Number.isFinite(v)) return null;
        return Math.round((unit === 'C' ? v : fahrenheitToCelsius(v)) * 10);
      },
    };
  }, [prefs.degrees, prefs.date_format, prefs.time_format, timeZone]);
}
