import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTING_FOR_KEY,
  REDRAW_ATTRIBUTE,
  REDRAW_FOR_ACTING_SCRIPT,
} from '@emberwatch/shared/contracts/drawnPage';

// A page drawn for an admin's own view, opened in a tab that works for a customer: the drawn page's
// script hides it before the first paint, shows the loading look in its place once parsed, and tells the
// app to draw the tab's view itself (main.tsx reads REDRAW_ATTRIBUTE).

let root: HTMLDivElement;

beforeEach(() => {
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = '<main><h1>The admin’s own probes</h1></main>';
  document.body.append(root);
});

afterEach(() => {
  root.remove();
  sessionStorage.clear();
  document.documentElement.removeAttribute(REDRAW_ATTRIBUTE);
  vi.restoreAllMocks();
});

// The page's inline script is a string, run here as the browser runs it: once, in the page's scope.
// eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
const runScript = () => new Function(REDRAW_FOR_ACTING_SCRIPT)() as void;
const hidingStyles = () =>
  [...document.head.querySelectorAll('style')].filter((s) => s.textContent === '#root{visibility:hidden}');
const parsed = () => document.dispatchEvent(new Event('DOMContentLoaded'));

describe('the drawn page’s script for a tab that works for a customer', () => {
  it('hides the drawn page before it is shown, then holds the loading look, and marks the document', () => {
    sessionStorage.setItem(ACTING_FOR_KEY, JSON.stringify({ adminUid: 1, uid: 2 }));
    runScript();
    expect(document.documentElement.hasAttribute(REDRAW_ATTRIBUTE)).toBe(true);
    expect(hidingStyles()).toHaveLength(1);
    parsed();
    expect(root.textContent).not.toContain('own probes');
    expect(root.querySelector('.ew-loading.ew-loading--full-page .ew-spinner svg circle')).not.toBeNull();
    expect(hidingStyles()).toHaveLength(0);
  });

  it('leaves a page drawn for a tab that works for nobody alone', () => {
    runScript();
    parsed();
    expect(document.documentElement.hasAttribute(REDRAW_ATTRIBUTE)).toBe(false);
    expect(hidingStyles()).toHaveLength(0);
    expect(root.textContent).toContain('own probes');
  });

  it('leaves the page alone where session storage cannot be read', () => {
    sessionStorage.setItem(ACTING_FOR_KEY, '{}');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    runScript();
    parsed();
    expect(document.documentElement.hasAttribute(REDRAW_ATTRIBUTE)).toBe(false);
    expect(root.textContent).toContain('own probes');
  });
});
