import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

// Guards the tests' speed (decision 0170): test/setup.ts stops React's development build from
// capturing a stack for every element. If a React upgrade renames the counter it pins, elements get
// their own stacks again and this fails.
describe("the tests' React", () => {
  it('records no owner stack per element unless REACT_OWNER_STACKS is set', () => {
    const stackOf = (e: unknown) => (e as { _debugStack?: unknown })._debugStack;
    // createElement and the JSX runtime each have their own shared stack.
    for (const [a, b] of [
      [createElement('div'), createElement('span')],
      [<div key="a" />, <span key="b" />],
    ]) {
      expect(stackOf(a)).toBeDefined();
      if (process.env.REACT_OWNER_STACKS) expect(stackOf(a)).not.toBe(stackOf(b));
      else expect(stackOf(a)).toBe(stackOf(b));
    }
  });
});
