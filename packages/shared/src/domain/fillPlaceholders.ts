/**
 * A text with `{name}` placeholders filled from `values`; a placeholder without a value stays as
 * written, so a missing value shows in the text instead of vanishing. The server's own texts (alerts,
 * notices, the report's PDF) use it; the web app's go through i18next.
 */
export function fillPlaceholders(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
