#!/usr/bin/env node
// Takes the README's screenshot: logs in to a running Emberwatch as the demo hay farmer and saves the
// probe list as docs/screenshot-probes.png. Start the demo first (npm start), then:
//
//   node scripts/screenshot.mjs [--url http://localhost:8080] [--out docs/screenshot-probes.png]
//
// Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { repoRoot } from './lib/proc.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    out: { type: 'string', default: path.join(repoRoot, 'docs', 'screenshot-probes.png') },
    user: { type: 'string', default: 'hay@demo.emberwatch' },
  },
});

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await page.goto(new URL('/probes', values.url).toString());
  await page.getByLabel('Username', { exact: true }).fill(values.user);
  await page.getByLabel('Password', { exact: true }).fill('ember-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/probes$/);
  await page.getByTestId('probe-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: values.out });
  console.log(`saved ${path.relative(process.cwd(), values.out)}`);
} finally {
  await browser.close();
}
