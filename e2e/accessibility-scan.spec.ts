import { expect, test } from './support/test.js';
import { seriousViolations, settle } from './support/accessibility.js';

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

// A dialog fading in has its colours half mixed with the page's: a scan then reports too little contrast
// (seen on the new-storage dialog). The settle waits for a transition to end, not for an endless animation.
test('settling waits for a fade-in to end, and not for an endless animation', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><style>' +
      '#fade{opacity:0;transition:opacity 600ms linear}#fade.in{opacity:1}' +
      '#spin{animation:turn 1s linear infinite}@keyframes turn{to{transform:rotate(1turn)}}' +
      '</style><main><p id="spin">o</p><p id="fade">hello</p></main></html>',
  );
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { getElementById(id: string): { className: string } } })
      .document;
    doc.getElementById('fade').className = 'in';
  });
  await settle(page, () => 0, 5_000);
  const opacity = await page.evaluate(() => {
    const w = globalThis as unknown as {
      document: { getElementById(id: string): unknown };
      getComputedStyle(e: unknown): { opacity: string };
    };
    return w.getComputedStyle(w.document.getElementById('fade')).opacity;
  });
  expect(opacity).toBe('1');
});
