import * as React from 'react';

/**
 * Stops React's development build from recording owner stacks in this module graph.
 *
 * For each element it creates (`jsx`, `createElement`), React 19's development build captures an
 * Error's stack and a console task, so that a later warning can say where the element was made. It
 * caps this at 10,000 elements a second (its internals' `recentlyCreatedOwnerStacks`); past the cap
 * an element gets a shared "unknown owner" stack. The tests render whole pages many times a second
 * and read those stacks only when React warns: the capture was about a fifth of a page file's CPU
 * (decision 0170). Pinning the count at the cap gives every element the shared stack; React's checks
 * and warnings are the same, their component stacks shorter.
 */
export function stopOwnerStacks(): void {
  const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  // A React without the counter: nothing to stop (test/ownerStacks.test.ts then fails).
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => undefined,
  });
}
