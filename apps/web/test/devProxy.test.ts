import { describe, expect, it } from 'vitest';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { proxied } from '../vite.config';

// The dev server (npm run dev) proxies the API's paths to the server; a call whose first path segment
// is missing there answers the app's index.html in development only, so the list follows the catalogue.
describe('the Vite dev proxy', () => {
  const paths = Object.values(endpoints).flatMap((group) =>
    Object.values(group as Record<string, { path: string }>).map((e) => e.path),
  );

  it('forwards every call of the catalogue to the server', () => {
    expect(paths.length).toBeGreaterThan(50);
    const missing = paths.filter(
      (p) => !proxied.some((prefix) => p === prefix || p.startsWith(`${prefix}/`)),
    );
    expect(missing).toEqual([]);
  });

  it.each(['/testMigrationCall', '/sentinelCall'])('forwards %s', (path) => {
    expect(proxied).toContain(path);
  });
});
