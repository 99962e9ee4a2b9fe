import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey, GetApiKeysResponse } from '@emberwatch/shared/contracts/publicApiKeys';
import { createFakeServer, json } from './support/fakeServer';
import { accountPageServer, renderAccountPage } from './support/renderAccountPage';
import { renderPage } from './support/renderPage';

// The test page calls the API with fetch as an integrator would: the fake server answers it.
// A whole flow takes several seconds on a loaded machine: the default 20 s, not less.
const slow = { timeout: 30_000 };

beforeAll(async () => {
  await import('../src/features/public-api/ApiTestPage');
});

/** The Credentials tab's fake server: the account's keys, made, renamed and revoked as the server does. */
function keysServer(session: object = {}, keys: ApiKey[] = []) {
  const server = accountPageServer({ account: { phones: [] }, session, user: {} });
  let n = 0;
  const list = (): GetApiKeysResponse => ({
    status_code: 0,
    keys,
    api_plan: { due: 1_900_000_000, active: true },
  });
  server.override('GET /client/getApiKeys', () => json(list()));
  server.override('GET /api/v1/generateKey', (c) => {
    n += 1;
    const key: ApiKey = {
      id: `abcdefghij0${n}`,
      name: c.query.get('name') ?? '',
      scope: (c.query.get('scope') as ApiKey['scope']) ?? 'read',
      created_ts: 1_800_000_000,
      revoked_ts: null,
      last_used_ts: null,
      last_used_ip: null,
    };
    keys.push(key);
    return json({ status_code: 0, key, secret: `ewk_${key.id}_${'s'.repeat(43)}` });
  });
  server.override('POST /client/revokeApiKey', (c) => {
    const k = keys.find((x) => x.id === (c.body as { id: string }).id)!;
    k.revoked_ts = 1_800_000_100;
    return json({ status_code: 0, key: k });
  });
  server.override('POST /client/renameApiKey', (c) => {
    const { id, name } = c.body as { id: string; name: string };
    const k = keys.find((x) => x.id === id);
    if (!k) return json({ status_code: 404, error: 'No such API key.' }, 404);
    k.name = name;
    return json({ status_code: 0, key: k });
  });
  return server;
}

// Issue 33 item 1 (decision 0109): the account owner's API keys on the Credentials tab.
describe('the API keys on /account/credentials', () => {
  it('creates a key, shows its secret once, lists it and revokes it', slow, async () => {
    const server = keysServer();
    const app = await renderAccountPage('/account/credentials', server);
    const section = await screen.findByTestId('api-keys');
    expect((await within(section).findByTestId('api-plan')).textContent).toMatch(/API plan runs until/);
    expect(within(section).getByText('No API keys yet.')).toBeTruthy();
    await app.user.type(within(section).getByTestId('api-key-name'), 'Partner');
    await app.user.click(within(section).getByTestId('api-key-create'));
    expect((await within(section).findByTestId('api-key-secret')).textContent).toMatch(
      /^ewk_abcdefghij01_s+$/,
    );
    expect(server.callsTo('GET', '/api/v1/generateKey')[0]!.query.get('name')).toBe('Partner');
    const row = await within(section).findByTestId('api-key-abcdefghij01');
    expect(row.textContent).toContain('Never used');
    await app.user.click(within(row).getByTestId('api-key-revoke'));
    await waitFor(() =>
      expect(within(section).getByTestId('api-key-abcdefghij01').textContent).toMatch(/Revoked/),
    );
  });

  const partner: ApiKey = {
    id: 'abcdefghij01',
    name: 'Partner',
    scope: 'read',
    created_ts: 1_800_000_000,
    revoked_ts: null,
    last_used_ts: null,
    last_used_ip: null,
  };

  it('renames a key in a dialog, its name checked as the contract checks it', slow, async () => {
    const server = keysServer({}, [{ ...partner }]);
    const { user } = await renderAccountPage('/account/credentials', server);
    const row = await screen.findByTestId('api-key-abcdefghij01');
    await user.click(within(row).getByTestId('api-key-rename'));
    const dialog = within(await screen.findByTestId('api-key-rename-dialog'));
    const name = dialog.getByTestId('api-key-rename-name');
    const save = dialog.getByTestId('api-key-rename-save');
    expect((name as HTMLInputElement).value).toBe('Partner');
    await user.clear(name);
    expect(dialog.getByText('Name the key.')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.paste('x'.repeat(61));
    expect(dialog.getByText('A key name has at most 60 characters.')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(name);
    await user.type(name, '  Farm ERP ');
    await user.click(save);
    await waitFor(() => expect(screen.queryByTestId('api-key-rename-dialog')).toBeNull());
    expect(server.callsTo('POST', '/client/renameApiKey').map((c) => c.body)).toEqual([
      { id: 'abcdefghij01', name: 'Farm ERP' },
    ]);
    await waitFor(() => expect(screen.getByTestId('api-key-abcdefghij01').textContent).toContain('Farm ERP'));
  });

  it('shows the server’s refusal of a rename in the dialog, which stays open', slow, async () => {
    const server = keysServer({}, [{ ...partner }]);
    server.override('POST /client/renameApiKey', () =>
      json({ status_code: 404, error: 'No such API key.' }, 404),
    );
    const { user } = await renderAccountPage('/account/credentials', server);
    const row = await screen.findByTestId('api-key-abcdefghij01');
    await user.click(within(row).getByTestId('api-key-rename'));
    const dialog = within(await screen.findByTestId('api-key-rename-dialog'));
    await user.type(dialog.getByTestId('api-key-rename-name'), ' 2');
    await user.click(dialog.getByTestId('api-key-rename-save'));
    expect((await dialog.findByTestId('api-key-rename-error')).textContent).toBe('No such API key.');
    expect(screen.getByTestId('api-key-rename-dialog')).toBeTruthy();
    expect(row.textContent).toContain('Partner');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-rename-dialog')).toBeNull());
    expect(server.callsTo('POST', '/client/renameApiKey')).toHaveLength(1);
  });

  it('is not shown to a sub-user', slow, async () => {
    const server = keysServer({ subUser: true });
    await renderAccountPage('/account/credentials', server);
    await screen.findByTestId('account-username');
    expect(screen.queryByTestId('api-keys')).toBeNull();
    expect(server.callsTo('GET', '/client/getApiKeys')).toHaveLength(0);
  });
});

// Issue 33 item 3 (spec doc 1 §2 route table): the test page of the public API's routes.
describe('the public API test page', () => {
  it(
    'calls the function named by the address with its query parameters and shows the JSON',
    slow,
    async () => {
      const server = createFakeServer({ loggedIn: true });
      server.override('GET /api/v1/getMeasurements', () =>
        json({ status_code: 0, readings: [{ ts: 1, temperature: 20.5 }], next_cursor: null }),
      );
      vi.stubGlobal('fetch', server.fetch);
      try {
        const app = renderPage('/api/v1/getMeasurements?bs_id=F1000001&sensor_id=H10001', server);
        expect((await screen.findByTestId('api-test-call')).textContent).toContain('getMeasurements');
        expect(screen.getByTestId('api-test-params').textContent).toBe(
          '{"bs_id":"F1000001","sensor_id":"H10001"}',
        );
        await app.user.type(screen.getByTestId('api-test-key'), 'ewk_key');
        await app.user.click(screen.getByTestId('api-test-send'));
        expect((await screen.findByTestId('api-test-answer')).textContent).toContain('"temperature": 20.5');
        const call = server.callsTo('GET', '/api/v1/getMeasurements')[0]!;
        expect(call.query.get('sensor_id')).toBe('H10001');
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );

  it('sends a v2 call’s parameters as its JSON body', slow, async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('POST /api/v2/deactivateBS', () =>
      json({ status_code: 403, error: 'This API key is read-only', code: 'scope_required' }, 403),
    );
    vi.stubGlobal('fetch', server.fetch);
    try {
      const app = renderPage('/api/v2/deactivateBS?bs_id=F1000001', server);
      await app.user.type(await screen.findByTestId('api-test-key'), 'ewk_key');
      await app.user.click(screen.getByTestId('api-test-send'));
      expect((await screen.findByTestId('api-test-answer')).textContent).toContain('scope_required');
      expect(screen.getByText('Answer status 403')).toBeTruthy();
      expect(server.callsTo('POST', '/api/v2/deactivateBS')[0]!.body).toEqual({ bs_id: 'F1000001' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
