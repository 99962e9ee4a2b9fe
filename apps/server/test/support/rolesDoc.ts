import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';

/** `group.name` → `METHOD /path` for every call of the catalogue, as docs/roles.md names calls. */
export function catalogueCallPaths(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(endpoints).flatMap(([group, calls]) =>
      Object.entries(calls as Record<string, Endpoint>).map(([name, e]) => [
        `${group}.${name}`,
        `${e.method} ${e.path}`,
      ]),
    ),
  );
}

/** A markdown table's cells, trimmed (prettier pads them) and with dash rules made alike. */
export function tableCells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((c) => c.trim())
        .map((c) => (/^-+$/.test(c) ? '---' : c)),
    );
}

/** The table docs/roles.md shows between `<!-- name:start -->` and `<!-- name:end -->`. */
export function rolesDocTable(name: 'read-rights' | 'write-rights' | 'operator-tools'): string {
  const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/roles.md'), 'utf8');
  return new RegExp(`<!-- ${name}:start -->([\\s\\S]*)<!-- ${name}:end -->`).exec(doc)?.[1] ?? '';
}
