import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';

/** The custom properties `:root` declares in base.css. */
function rootVariables(): Map<string, string> {
  const css = readFileSync(resolve(import.meta.dirname, '../src/app/base.css'), 'utf8');
  const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  const withoutComments = root.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map(
    [...withoutComments.matchAll(/(--ew-[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

describe('base.css speaks the theme’s colours', () => {
  const p = theme.palette;
  it.each([
    ['--ew-primary', p.primary.main],
    ['--ew-primary-dark', p.primary.dark],
    ['--ew-background', p.background.default],
    ['--ew-text', p.text.primary],
    ['--ew-text-secondary', p.text.secondary],
    ['--ew-text-disabled', p.text.disabled],
    ['--ew-action-disabled', p.action.disabled],
    ['--ew-divider', p.divider],
    ['--ew-paper', p.background.paper],
    ['--ew-success', p.success.main],
    ['--ew-warning', p.warning.main],
    ['--ew-warning-light', p.warning.light],
    ['--ew-warning-contrast', p.warning.contrastText],
    ['--ew-error', p.error.main],
  ])('%s is %s', (name, value) => {
    expect(rootVariables().get(name)).toBe(value);
  });
});
