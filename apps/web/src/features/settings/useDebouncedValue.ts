import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (find boxes: 150 ms, dialog searches: 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}
