import { DRAWN_PAGE_SCRIPT } from '@emberwatch/shared/contracts/drawnPage';

/**
 * The page the browser gets when the server drew it (decision 0174), made from the web build's
 * index.html: the drawn app inside `#root` instead of the spinner, the state the browser takes it over
 * with beside it, and the entry script moved from the head to the end of the body, `async` and at low
 * priority, with the chunks it would preload left to it: the page is drawn without them, and Lighthouse's
 * phone counts whatever the head asks for before the first paint. For the same reason the style sheets
 * are in the page itself: the entry's, and those of the build whose classes the drawn page uses (the
 * shell's, a page's), then the page's own style elements, in the order the browser's app would add them.
 * Together some 15 kB before compression, against two more round trips before the first paint.
 */

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
const ROOT_TO_BODY_END = /<div id="root">[\s\S]*<\/body>/;
const HTML_LANG = /<html lang="[^"]*">/;
/** A language tag as the app's languages are written (`de`, `en`): nothing else reaches the attribute. */
const LANGUAGE_TAG = /^[a-z]{2}(-[A-Z]{2})?$/;

/** A style sheet of the build, its text and the class names its rules name. */
export interface BuiltStyleSheet {
  href: string;
  css: string;
  classes: ReadonlySet<string>;
}

/**
 * The class names a style sheet's selectors name (".ew-probe-row:hover" → ew-probe-row): the text before
 * each `{` back to the last `{`, `}` or `;` is a selector or an at-rule's prelude (`@media …`, skipped),
 * never a declaration's value (a "0.5em" or a URL's ".svg" is not a class), inside a media block too.
 */
export function classesOfCss(css: string): Set<string> {
  const names = new Set<string>();
  for (const [, prelude] of css.matchAll(/([^{};]*)\{/g)) {
    if (prelude!.trim().startsWith('@')) continue;
    for (const m of prelude!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(m[1]!);
  }
  return names;
}

/** The class names used in drawn HTML. */
function classesOfHtml(html: string): Set<string> {
  const names = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g))
    for (const c of m[1]!.split(/\s+/)) if (c) names.add(c);
  return names;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** JSON inside a script element: nothing in it may close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the drawn page. Throws on a template it does not recognise (no entry script, no
 * root): the caller then sends the template as it is.
 */
export function drawnPageHtml(
  template: string,
  drawn: { html: string; head: string; state: unknown; stateId: string; lang: string },
  styleSheets: readonly BuiltStyleSheet[],
): string {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry || !ROOT_TO_BODY_END.test(template)) throw new Error('index.html: no entry script or no #root');
  const used = classesOfHtml(drawn.html);
  let head = template;
  let added = '';
  for (const sheet of styleSheets) {
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="${escapeRegExp(sheet.href)}"[^>]*>`);
    const inline = `<style data-href="${sheet.href}">${sheet.css}</style>`;
    if (link.test(head)) head = head.replace(link, () => inline);
    else if ([...sheet.classes].some((c) => used.has(c)))
      // The link stays, for none: the app's loader finds it and adds the sheet no second time.
      added += `${inline}<link rel="stylesheet" crossorigin href="${sheet.href}" media="not all">`;
  }
  const body =
    `<div id="root">${drawn.html}</div>` +
    `<script id="${drawn.stateId}" type="application/json">${scriptSafeJson(drawn.state)}</script>` +
    `<script type="module" crossorigin async fetchpriority="low" src="${entry[1]}"></script></body>`;
  return head
    .replace(HTML_LANG, () => `<html lang="${LANGUAGE_TAG.test(drawn.lang) ? drawn.lang : 'en'}">`)
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<head>', () => `<head><script>${DRAWN_PAGE_SCRIPT}</script>`)
    .replace('</head>', () => `${added}${drawn.head}</head>`)
    .replace(ROOT_TO_BODY_END, () => body);
}
