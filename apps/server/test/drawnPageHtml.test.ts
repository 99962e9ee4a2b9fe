import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedFor } from '../src/features/pages/compressedFor.js';
import {
  classesOfCss,
  drawnPageHtml,
  scriptSafeJson,
  type BuiltStyleSheet,
} from '../src/features/pages/drawnPageHtml.js';
import { DRAWN_PAGE_SCRIPT } from '@emberwatch/shared/contracts/drawnPage';

/** index.html as Vite writes it: the entry script and its preloads in the head, its sheet linked. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Emberwatch</title>
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-BBBB.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-CCCC.js">
    <link rel="stylesheet" crossorigin href="/assets/index-DDDD.css">
  </head>
  <body>
    <div id="root">
      <div class="ew-loading" aria-hidden="true"><span class="ew-spinner"></span></div>
    </div>
  </body>
</html>
`;

const sheet = (href: string, css: string): BuiltStyleSheet => ({ href, css, classes: classesOfCss(css) });

/** The entry's sheet (linked by the template), the shell's (used by the page) and an unused page's. */
const ENTRY_SHEET = sheet('/assets/index-DDDD.css', '.ew-spinner{width:40px}.ew-loading{display:flex}');
const SHELL_SHEET = sheet('/assets/shell-EEEE.css', '.ew-shell{display:grid}.ew-probe-row:hover{color:red}');
const UNUSED_SHEET = sheet(
  '/assets/CustomersPage-FFFF.css',
  '.ew-customers{margin:0}.leaflet-pane{z-index:1}',
);
const SHEETS = [ENTRY_SHEET, SHELL_SHEET, UNUSED_SHEET];

const DRAWN = {
  html: '<div class="ew-shell"><ul><li class="ew-probe-row MuiBox-root css-1x2y3z" data-testid="probe-row">H10001</li></ul></div>',
  head: '<style data-emotion="css 1x2y3z">.css-1x2y3z{padding:8px}</style>',
  state: { token: { accessToken: 'a.b.c' }, nowMs: 1_700_000_000_000, timeZone: 'Europe/Helsinki' },
  stateId: 'ew-state',
  lang: 'en',
};

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));

describe('drawnPageHtml', () => {
  const page = drawnPageHtml(TEMPLATE, DRAWN, SHEETS);

  it('moves the entry script to the end of the body, async and at low priority', () => {
    // The head's one script is the early taps' keeper, inline, first (below).
    expect(headOf(page).match(/<script/g)).toHaveLength(1);
    expect(page.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" crossorigin async fetchpriority="low" src="/assets/index-AAAA.js">',
    ]);
    expect(page).toMatch(
      /<script type="module" crossorigin async fetchpriority="low" src="\/assets\/index-AAAA\.js"><\/script><\/body>/,
    );
    // After the drawn page and its state.
    expect(page.indexOf('src="/assets/index-AAAA.js"')).toBeGreaterThan(page.indexOf('id="ew-state"'));
    expect(page.indexOf('id="ew-state"')).toBeGreaterThan(page.indexOf('data-testid="probe-row"'));
  });

  it('keeps the taps made before the app takes over: its script first in the head, as the policy hashes it', () => {
    expect(page).toContain(`<head><script>${DRAWN_PAGE_SCRIPT}</script>`);
  });

  it('leaves out the module preloads', () => {
    expect(page).not.toContain('modulepreload');
    expect(page).not.toContain('vendor-BBBB.js');
    expect(page).not.toContain('i18n-CCCC.js');
  });

  it('inlines the linked sheet in place of its link', () => {
    expect(page).toContain(`<style data-href="/assets/index-DDDD.css">${ENTRY_SHEET.css}</style>`);
    expect(page).not.toMatch(/<link rel="stylesheet"[^>]*index-DDDD\.css/);
    // Where the link was: before the title's end of head, once.
    expect(page.split('data-href="/assets/index-DDDD.css"')).toHaveLength(2);
  });

  it('adds a sheet whose classes the page uses, inline and as a link for no medium', () => {
    expect(headOf(page)).toContain(
      `<style data-href="/assets/shell-EEEE.css">${SHELL_SHEET.css}</style>` +
        '<link rel="stylesheet" crossorigin href="/assets/shell-EEEE.css" media="not all">',
    );
  });

  it('does not add a sheet whose classes the page does not use', () => {
    expect(page).not.toContain('CustomersPage-FFFF.css');
    expect(page).not.toContain('.ew-customers');
  });

  it('puts the page’s own styles after the sheets, at the end of the head', () => {
    const head = headOf(page);
    expect(head.endsWith(DRAWN.head)).toBe(true);
    expect(head.indexOf(DRAWN.head)).toBeGreaterThan(head.indexOf('data-href="/assets/shell-EEEE.css"'));
    expect(head.indexOf(DRAWN.head)).toBeGreaterThan(head.indexOf('data-href="/assets/index-DDDD.css"'));
    expect(bodyOf(page)).not.toContain('data-emotion');
  });

  it('replaces the root’s content with the drawn page, and carries the state after it', () => {
    const body = bodyOf(page);
    expect(body).not.toContain('ew-loading');
    expect(body).toContain(`<div id="root">${DRAWN.html}</div>`);
    const state = /<script id="ew-state" type="application\/json">([\s\S]*?)<\/script>/.exec(body);
    expect(JSON.parse(state![1]!)).toEqual(DRAWN.state);
    // Nothing of the template's body after the root is left behind it but the end of the document.
    expect(page.trimEnd().endsWith('</body>\n</html>')).toBe(true);
  });

  it.each([
    ['de', '<html lang="de">'],
    ['en', '<html lang="en">'],
    ['"><script>alert(1)</script>', '<html lang="en">'],
  ])('writes the language %j the page is drawn in as the document’s: %s', (lang, element) => {
    const drawn = drawnPageHtml(TEMPLATE, { ...DRAWN, lang }, SHEETS);
    expect(drawn).toContain(element);
    expect(drawn.match(/<html/g)).toHaveLength(1);
  });

  it('keeps the rest of the head as it was', () => {
    expect(headOf(page)).toContain('<meta charset="UTF-8" />');
    expect(headOf(page)).toContain('<title>Emberwatch</title>');
  });

  it.each([
    ["a sheet holding $& and $'", '.ew-shell::after{content:"$&$\'$`$1"}'],
    ["a page holding $& and $'", null],
  ])('takes %s literally (no replacement pattern)', (_, shellCss) => {
    const sheets = shellCss ? [ENTRY_SHEET, sheet('/assets/shell-EEEE.css', shellCss)] : SHEETS;
    const html = shellCss ? DRAWN.html : DRAWN.html.replace('H10001', "$&$'$`$1");
    const drawn = drawnPageHtml(TEMPLATE, { ...DRAWN, html }, sheets);
    if (shellCss) expect(drawn).toContain(`<style data-href="/assets/shell-EEEE.css">${shellCss}</style>`);
    expect(drawn).toContain(`<div id="root">${html}</div>`);
  });

  it('keeps state that would close its script element inside it', () => {
    const state = { name: '</script><script>alert(1)</script><!--', sep: '\u2028\u2029' };
    const drawn = drawnPageHtml(TEMPLATE, { ...DRAWN, state }, SHEETS);
    const body = bodyOf(drawn);
    const element = /<script id="ew-state" type="application\/json">([\s\S]*?)<\/script>/.exec(body)!;
    expect(JSON.parse(element[1]!)).toEqual(state);
    expect(body.match(/<script/g)).toHaveLength(2);
  });

  it.each([
    ['no entry script', TEMPLATE.replace(/<script type="module"[^\n]*\n/, '')],
    ['a classic entry script', TEMPLATE.replace('type="module" crossorigin ', '')],
    ['no root', TEMPLATE.replace('<div id="root">', '<div id="app">')],
  ])('throws on a template with %s', (_, template) => {
    expect(() => drawnPageHtml(template, DRAWN, SHEETS)).toThrow(/index\.html/);
  });

  it('adds nothing but the page’s styles when no sheet is known', () => {
    const drawn = drawnPageHtml(TEMPLATE, DRAWN, []);
    expect(drawn).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-DDDD\.css">/);
    expect(drawn).not.toContain('<style data-href');
    expect(headOf(drawn).endsWith(DRAWN.head)).toBe(true);
  });
});

describe('classesOfCss', () => {
  it.each<[string, string, string[]]>([
    ['one rule', '.a{color:red}', ['a']],
    ['pseudo-classes and elements', '.a:hover{}.b::before{}.c:not(.d){}', ['a', 'b', 'c', 'd']],
    ['compound, descendant, child and lists', '.a.b .c>.d,.e~.f+.g{}', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
    [
      'names with dashes, underscores and digits',
      '.ew-probe-row__age--old{}._x1{}.-neg{}',
      ['ew-probe-row__age--old', '_x1', '-neg'],
    ],
    ['not numbers or URLs in declarations', '.a{width:0.5em;margin:.25rem;background:url(/i/a.svg)}', ['a']],
    ['attribute selectors and ids aside', '#root .a[data-x="y"]{}', ['a']],
    ['rules after a media query', '@media (width>=600px){.a{}.b{}}.c{}', ['a', 'b', 'c']],
    [
      'the first rule of a media query',
      '@media (prefers-reduced-motion:reduce){.a,.b{transition:none}}',
      ['a', 'b'],
    ],
    ['nothing', '', []],
  ])('%s', (_, css, classes) => {
    expect([...classesOfCss(css)].sort()).toEqual([...classes].sort());
  });
});

describe('scriptSafeJson', () => {
  const cases: [string, unknown][] = [
    ['a closing script tag', { html: '</script><script>alert(1)</script>' }],
    ['a closing tag in any case', ['</SCRIPT>', '</ScRiPt >']],
    ['a comment opening', { note: '<!-- x -->' }],
    ['a script opening inside a comment', '<!--<script>'],
    ['line and paragraph separators', 'a\u2028b\u2029c'],
    ['quotes, backslashes and ampersands', { s: '"\\&amp;\'' }],
    ['nested data', { queries: [{ key: ['session'], data: { UID: 7, name: 'Hay </b> farm' } }], n: null }],
    ['plain values', [1, 2.5, true, null, 'text', { a: [] }]],
  ];

  it.each(cases)('%s: nothing can end the element, and JSON.parse gives it back', (_, value) => {
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<\//);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).not.toContain('<!--');
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('compressedFor', () => {
  const html = `<!doctype html><html><body>${'<div class="ew-probe-row">H10001 21.5 °C</div>'.repeat(200)}</body></html>`;

  it.each<[string | undefined, 'br' | 'gzip' | null]>([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0, gzip;q=0.8', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['gzip;q=0', null],
    ['deflate', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('accept-encoding %j → %s', (accept, encoding) => {
    const out = compressedFor(accept, html);
    expect(out.encoding).toBe(encoding);
    const bytes =
      out.encoding === 'br'
        ? brotliDecompressSync(out.body)
        : out.encoding === 'gzip'
          ? gunzipSync(out.body)
          : out.body;
    expect(bytes.toString('utf8')).toBe(html);
    if (out.encoding) expect(out.body.length).toBeLessThan(Buffer.byteLength(html) / 4);
  });
});
