import { useState } from 'react';

/**
 * A set of ids that a click toggles in and out, starting from `initial` (read on the first render
 * only, like useState). Each toggle makes a new set, so React sees the change.
 */
export function useToggleSet(initial: Iterable<string> = []) {
  const [set, setSet] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = (id: string) =>
    setSet((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return [set, toggle] as const;
}
