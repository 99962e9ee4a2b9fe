import { afterAll, beforeAll } from 'vitest';

/**
 * Where Emotion's style elements go in the web tests (MUI's styles and the app's `sx`).
 *
 * jsdom computes an element's style by matching every rule of every style sheet in the document
 * against it, and Testing Library asks for it all the time: `getByRole` and every accessible name
 * check whether each candidate and its ancestors are hidden. With MUI's rules in the document that
 * was a fifth of a page file's CPU. So by default the style elements go to an element outside the
 * document: the page renders the same, and hidden means what the markup says (`hidden`,
 * `aria-hidden`, an inline `display: none`), which is how MUI hides what it closes (it unmounts it).
 *
 * A test about what the CSS makes of an element — a temperature coloured by the colour steps, a cell
 * faded by its age — calls `withDocumentStyles()` in its `describe` (or at the top of its file):
 * from its `beforeAll` to its `afterAll` the style elements are in the document's head, as in a
 * browser.
 */
const outside = document.createElement('div');
let inDocument = false;

const head = document.head;
const insertBefore = head.insertBefore.bind(head);
const appendChild = head.appendChild.bind(head);

/**
 * The element children of `parent` as an array, walked sibling by sibling. Not `parent.children`: jsdom
 * keeps that collection once it was asked for and lists the children again on every insert and removal
 * afterwards, and Emotion puts thousands of style elements here in a worker's files: moving them, and
 * every insert after, grew with the square of their number (decision 0171).
 */
function childElements(parent: Element): Element[] {
  const list: Element[] = [];
  for (let e = parent.firstElementChild; e; e = e.nextElementSibling) list.push(e);
  return list;
}

function isEmotionStyle(node: Node): node is HTMLStyleElement {
  return node instanceof HTMLStyleElement && node.hasAttribute('data-emotion');
}

/** Installs the routing once per module graph (test/setup.ts). */
export function keepStylesOutsideDocument(): void {
  head.insertBefore = function <T extends Node>(node: T, ref: Node | null): T {
    if (inDocument || !isEmotionStyle(node)) return insertBefore(node, ref?.parentNode === head ? ref : null);
    return outside.insertBefore(node, ref?.parentNode === outside ? ref : null);
  };
  head.appendChild = function <T extends Node>(node: T): T {
    if (inDocument || !isEmotionStyle(node)) return appendChild(node);
    return outside.appendChild(node);
  };
}

/** The style elements are in the document for the enclosing describe's (or file's) tests. */
export function withDocumentStyles(): void {
  beforeAll(() => {
    inDocument = true;
    for (const style of childElements(outside)) appendChild(style);
  });
  afterAll(() => {
    inDocument = false;
    for (const style of childElements(head)) if (isEmotionStyle(style)) outside.appendChild(style);
  });
}
