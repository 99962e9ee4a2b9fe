import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/accessibility.js';

// The sweeps' scan (support/accessibility.ts) puts axe into a document once and runs it on every page of
// a walk: it must still find a violation on the first scan and on a later one in the same document.
test('the axe scan finds a serious violation, on the first scan of a document and on a later one', async ({
  page,
}) => {
  await page.setContent('<!doctype html><html lang="en"><title>t</title><main><p>fine</p></main></html>');
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { body: { innerHTML: string } } }).document;
    doc.body.innerHTML = '<main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main>';
  });
  expect((await seriousViolations(page)).map((f) => f.rule)).toContain('image-alt');
  await page.setContent('<!doctype html><html lang="en"><title>t</title><main><input></main></html>');
  expect((await seriousViolations(page)).map((f) => f.rule)).toContain('label');
});
