import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ADMIN_TOOLS } from '../src/app/implementedRoutes';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';

// A page someone may not open sends them on before it asks the server for anything of its own: a farmer
// who types an operator page's address, or follows an old link to a batch, makes no request the server
// refuses (found in a walk of the demo: the staff, kits, services and batches pages asked first and were
// answered 403). The admin area's pages are guarded where the routes are made (app/StaffOnly.tsx), and
// the pages come from the app's own page list, so a new operator page is checked as soon as it is listed.

/** `METHOD path` of every call the fake server has had. */
const callKeys = (server: FakeServer) => server.calls.map((c) => `${c.method} ${c.path}`);

/** Until no call has come for a quarter of a second: the page and the one it led to have asked. */
async function quiet(server: FakeServer): Promise<void> {
  let seen = -1;
  await waitFor(
    async () => {
      const now = server.calls.length;
      if (now !== seen) {
        seen = now;
        await new Promise((r) => setTimeout(r, 250));
        throw new Error('still calling');
      }
    },
    { timeout: 8000, interval: 50 },
  );
}

/** The calls the logged-in frame and the page "/" leads the default farmer to make. */
async function landingCalls(): Promise<Set<string>> {
  const server = createFakeServer({ loggedIn: true });
  const app = renderPage('/', server);
  await waitFor(() => expect(app.location()).not.toBe('/'), { timeout: 8000 });
  await quiet(server);
  app.unmount();
  return new Set(callKeys(server));
}

const FORBIDDEN_TO_A_FARMER = [
  '/admin',
  ...ADMIN_TOOLS.map((tool) => tool.path),
  // The default farmer follows no compost batches (mayUseBatches).
  '/batches',
  '/batches/new',
  '/batches/1',
];

describe('a page the default farmer may not open', () => {
  let landing: Set<string>;
  beforeAll(async () => {
    landing = await landingCalls();
  });

  it.each(FORBIDDEN_TO_A_FARMER)('%s asks the server for nothing of its own', async (path) => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderPage(path, server);
    await waitFor(() => expect(app.location()).not.toBe(path), { timeout: 8000 });
    // A page's reads start as it is first drawn, before it sends anyone on: they are in by now.
    await new Promise((r) => setTimeout(r, 50));
    expect(callKeys(server).filter((k) => !landing.has(k))).toEqual([]);
  });
});
