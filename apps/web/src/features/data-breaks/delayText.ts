import type { TFunction } from 'i18next';

/** A delay in words: "30 min", "4 h", "1 h 30 min" (the choices are whole hours but the first). */
export function delayText(t: TFunction, seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const min = Math.round((seconds % 3600) / 60);
  const parts = [
    ...(h > 0 ? [t('dataBreaks.hours', { n: h })] : []),
    ...(min > 0 || h === 0 ? [t('dataBreaks.minutes', { n: min })] : []),
  ];
  return parts.join(' ');
}
