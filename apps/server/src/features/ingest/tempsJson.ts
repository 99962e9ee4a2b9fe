/** The temperatures as JSON (integers only, so a join gives the same text as JSON.stringify, faster). */
export function tempsJson(temps: readonly number[]): string {
  return `[${temps.join(',')}]`;
}
