import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingIndicator } from '../src/ui/LoadingIndicator';

/** Tags, classes and drawing attributes of an element's tree: what the eye sees, not what a reader hears. */
function look(element: Element): string {
  const drawn = ['class', 'viewBox', 'cx', 'cy', 'r', 'fill', 'stroke-width'];
  const attrs = drawn
    .map((name) => [name, element.getAttribute(name)] as const)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name}=${value}`);
  return `<${element.tagName.toLowerCase()} ${attrs.join(' ')}>${[...element.children].map(look).join('')}`;
}

describe('the spinner index.html draws before any script (decision 0152)', () => {
  it('looks like the LoadingIndicator that replaces it, so nothing jumps when React renders', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const staticSpinner = page.querySelector('#root > *');
    expect(staticSpinner).not.toBeNull();
    expect(staticSpinner!.getAttribute('aria-hidden')).toBe('true');

    const { container } = render(<LoadingIndicator fullPage label="Loading" />);
    expect(look(staticSpinner!)).toBe(look(container.firstElementChild!));
  });
});
