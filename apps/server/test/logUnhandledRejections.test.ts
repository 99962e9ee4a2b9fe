import { afterEach, describe, expect, it } from 'vitest';
import { logUnhandledRejections } from '../src/logUnhandledRejections.js';

describe('a promise that fails with nothing waiting for it', () => {
  let listener: ((reason: unknown) => void) | undefined;
  afterEach(() => {
    if (listener) process.off('unhandledRejection', listener);
    listener = undefined;
  });

  it('is heard by the process, and logged at error level with its reason instead of ending it', () => {
    const logged: { obj: unknown; msg: string }[] = [];
    listener = logUnhandledRejections({
      error: (obj: unknown, msg: string) => logged.push({ obj, msg }),
    } as never);
    expect(process.listeners('unhandledRejection')).toContain(listener);

    const reason = new ReferenceError('window is not defined');
    listener(reason);
    expect(logged).toEqual([
      { obj: { err: reason }, msg: 'a promise failed with nothing waiting for it; the server goes on' },
    ]);
  });
});
