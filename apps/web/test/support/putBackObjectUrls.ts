import { afterEach } from 'vitest';

const NAMES = ['createObjectURL', 'revokeObjectURL'] as const;

/**
 * Puts `URL.createObjectURL` and `URL.revokeObjectURL` back as they were after each test (test/setup.ts
 * calls it for every file): tests that save a file replace them, and files of the shared `web` project
 * share one window (decision 0083). jsdom has neither: "as they were" is usually "absent".
 */
export function putBackObjectUrls(): void {
  const real = NAMES.map((name) => Object.getOwnPropertyDescriptor(URL, name));
  afterEach(() => {
    NAMES.forEach((name, i) => {
      const descriptor = real[i];
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    });
  });
}
