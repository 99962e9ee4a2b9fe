import type { Stack } from '../../contracts/storageLayout.js';

/**
 * Spec doc 3 §4 "Clicking a probe removes it after a confirm dialog with a remove-all-sensors
 * option": the probe (or, with `all`, every probe) leaves the stack and is vacant again. The same
 * stack when nothing was removed.
 */
export function removeStackProbes(stack: Stack, input: { id: string } | { all: true }): Stack {
  const sensors = 'all' in input ? [] : stack.sensors.filter((s) => s.id !== input.id);
  return sensors.length === stack.sensors.length ? stack : { ...stack, sensors };
}
