import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection now, for a bench that keeps collections out of its measured window (garbage the
 * setup or the pass before left would otherwise be paid inside it). The flag is set at run time, so the
 * bench runs under plain `npx tsx`.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
