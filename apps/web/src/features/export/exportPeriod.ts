import { addDays, format, isValid, parse } from 'date-fns';
import { EXPORT_DEFAULT_DAYS, EXPORT_LOOKBACK_DAYS } from '@emberwatch/shared/contracts/export';

/** A period of whole local days, both included, as yyyy-MM-dd (what the day fields hold). */
export interface ExportPeriod {
  fromDay: string;
  toDay: string;
}

const ISO = 'yyyy-MM-dd';

function dayOf(epochSeconds: number): string {
  return format(new Date(epochSeconds * 1000), ISO);
}

function dateOf(isoDay: string): Date | null {
  const d = parse(isoDay, ISO, new Date(2000, 0, 1));
  return isValid(d) ? d : null;
}

/** Spec doc 3 §9: the last 30 days, today included. */
export function defaultExportPeriod(nowS: number): ExportPeriod {
  const today = new Date(nowS * 1000);
  return { fromDay: format(addDays(today, -(EXPORT_DEFAULT_DAYS - 1)), ISO), toDay: dayOf(nowS) };
}

/** Spec doc 3 §9: the picker goes back about a year. */
export function earliestExportDay(nowS: number): string {
  return format(addDays(new Date(nowS * 1000), -EXPORT_LOOKBACK_DAYS), ISO);
}

export type PeriodProblem = 'order' | 'tooEarly' | 'future';

/** Why a period cannot be exported, or null when it can. */
export function periodProblem(p: ExportPeriod, nowS: number): PeriodProblem | null {
  if (p.fromDay > p.toDay) return 'order';
  if (p.fromDay < earliestExportDay(nowS)) return 'tooEarly';
  if (p.fromDay > dayOf(nowS)) return 'future';
  return null;
}

/**
 * The period as epoch seconds: from the local midnight starting its first day to the last second of
 * its last day. An end in the future is left out (spec doc 1 §5: no end bound is sent), so the
 * server reads up to its own now.
 */
export function periodBounds(p: ExportPeriod, nowS: number): { fromTS: number; toTS: number } {
  const from = dateOf(p.fromDay);
  const to = dateOf(p.toDay);
  if (!from || !to) throw new Error(`Not a day: ${p.fromDay} – ${p.toDay}`);
  const fromTS = Math.floor(from.getTime() / 1000);
  const toTS = Math.floor(addDays(to, 1).getTime() / 1000) - 1;
  return { fromTS, toTS: Math.min(toTS, nowS) };
}

/** Consecutive windows of at most `maxS` seconds covering fromTS…toTS, both ends included. */
export function splitWindows(fromTS: number, toTS: number, maxS: number): { fromTS: number; toTS: number }[] {
  const out: { fromTS: number; toTS: number }[] = [];
  for (let start = fromTS; start <= toTS; start += maxS + 1)
    out.push({ fromTS: start, toTS: Math.min(start + maxS, toTS) });
  return out;
}

/** The list in pieces of at most `size`. */
export function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
