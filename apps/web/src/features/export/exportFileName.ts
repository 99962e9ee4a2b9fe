import type { ExportPeriod } from './exportPeriod';

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/**
 * Spec doc 3 §9: the file is named by storage and date range, e.g. "North barn 2026-10-25 – 2026-11-23.xlsx".
 * The days are ISO (not the user's date format): a date format's slashes cannot be in a file name, and
 * ISO days sort in a folder by date. A storage without a usable name is called "export".
 */
export function exportFileName(storageName: string, period: ExportPeriod): string {
  const name = storageName
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  const range = period.fromDay === period.toDay ? period.fromDay : `${period.fromDay} – ${period.toDay}`;
  return `${name || 'export'} ${range}.xlsx`;
}
