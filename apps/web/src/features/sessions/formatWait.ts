/**
 * A wait the server asked for, in the language's own words: "45 seconds", "5 Minuten", "2 minuuttia".
 * From a minute on it is rounded up to whole minutes, so the user never tries too early.
 */
export function formatWait(seconds: number, language: string): string {
  const inMinutes = seconds >= 60;
  const value = inMinutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds));
  return new Intl.NumberFormat(language || 'en', {
    style: 'unit',
    unit: inMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(value);
}
