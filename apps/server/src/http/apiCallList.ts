import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';

/**
 * docs/API.md's list of calls, generated from the shared call catalogue (the one the server registers
 * its routes from), so that the document cannot fall behind the server (decision 0075). Run
 * `npm run docs:api` after adding a call; apps/server/test/apiDoc.test.ts fails while the document
 * differs from the catalogue. Only the block between the markers is generated; the explanations
 * around it are written by hand.
 */
export const API_CALLS_BEGIN = '<!-- api-calls:begin -->';
export const API_CALLS_END = '<!-- api-calls:end -->';

/** A table cell: a pipe would end the cell, a line break the row. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** The generated block: one row per call, in the catalogue's order, its area named on its first row. */
export function apiCallList(catalogue: Readonly<Record<string, Readonly<Record<string, Endpoint>>>>): string {
  const rows: string[] = [];
  let count = 0;
  for (const [area, group] of Object.entries(catalogue)) {
    Object.values(group).forEach((e, i) => {
      count += 1;
      rows.push(`| ${i === 0 ? area : ''} | ${e.method} | \`${e.path}\` | ${e.auth} | ${cell(e.summary)} |`);
    });
  }
  return [
    API_CALLS_BEGIN,
    '<!-- generated from packages/shared/src/contracts/endpoints.ts by `npm run docs:api`: edit the catalogue, not this list -->',
    '',
    `${count} calls, by the server feature that serves them.`,
    '',
    '| area | method | path | auth | what it does |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    API_CALLS_END,
  ].join('\n');
}

/**
 * The document with its generated block replaced by `block`. A document without the markers gets the
 * block at its end, so that the first run needs no hand edit.
 */
export function withApiCallList(markdown: string, block: string): string {
  const begin = markdown.indexOf(API_CALLS_BEGIN);
  const end = markdown.indexOf(API_CALLS_END);
  if (begin === -1 || end === -1 || end < begin) return `${markdown.trimEnd()}\n\n${block}\n`;
  return markdown.slice(0, begin) + block + markdown.slice(end + API_CALLS_END.length);
}
