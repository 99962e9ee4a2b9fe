/** A numeric command-line option above 0 and at most `max`; anything else ends the run with a clear line. */
export function positive(name: string, value: string | undefined, max: number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max) {
    console.error(`--${name} must be a number above 0 and at most ${max}`);
    process.exit(2);
  }
  return n;
}
