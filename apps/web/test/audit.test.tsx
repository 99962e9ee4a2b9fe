import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@emberwatch/shared/contracts/audit';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

beforeAll(async () => {
  await Promise.all([
    import('../src/features/audit/AuditPage'),
    import('../src/features/admin/AdminHomePage'),
  ]);
});

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8000 };
const T0 = 1_800_000_000;

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    atS: T0 + id,
    kind: 'write',
    staff: { id: 1, username: 'root@emberwatch.test', level: 'root' },
    customer: { uid: 7, username: 'hay@farm.test' },
    bsId: null,
    method: 'POST',
    path: '/admin/setPlanInfo',
    ip: '203.0.113.9',
    userAgent: 'Firefox/140',
    status: 200,
    input: { UID: 7, dueDate: T0 + 86_400 },
    changes: [
      {
        subject: 'plan',
        before: { plan_due_ts: T0, api_plan_due_ts: null },
        after: { plan_due_ts: T0 + 86_400, api_plan_due_ts: null },
      },
    ],
    ...overrides,
  };
}

const ENTRIES = [
  entry(3, {
    kind: 'read',
    path: '/client/accountInfo',
    method: 'GET',
    status: null,
    changes: [],
    customer: { uid: 8, username: 'grain@farm.test' },
  }),
  entry(2, { status: 404, customer: { uid: 999, username: null }, changes: [] }),
  entry(1),
];

/** An admin's server answering the trail from ENTRIES, filtering by customer username as the server would. */
function auditServer(adminGroup = 1) {
  const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: adminGroup } });
  server.override('GET /admin/auditLog', (c) => {
    const customer = c.query.get('customer');
    const entries = ENTRIES.filter((e) => !customer || (e.customer?.username ?? '').includes(customer));
    return json({ status_code: 0, total: entries.length, entries });
  });
  return server;
}

describe('the audit trail page', () => {
  it('lists the entries, filters on the server, sorts, and opens a row to its before and after', async () => {
    const server = auditServer();
    const app = renderApp('/admin/audit', server);
    const rows = await screen.findAllByTestId('audit-row', {}, slow);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('grain@farm.test');
    expect(rows[0]!.textContent).toContain('Looked');
    expect(rows[0]!.textContent).toContain('Seen');
    expect(rows[1]!.textContent).toContain('404');
    expect(rows[1]!.textContent).toContain('#999');
    expect(rows[2]!.textContent).toContain('Change');
    expect(rows[2]!.textContent).toContain('Root');
    const first = server.callsTo('GET', '/admin/auditLog')[0]!;
    expect(first.query.get('sort')).toBe('at');
    expect(first.query.get('dir')).toBe('desc');
    expect(first.query.get('limit')).toBe('50');

    // Filter: typed, then applied; the server does the filtering.
    await app.user.type(screen.getByRole('textbox', { name: 'Customer' }), 'hay');
    await app.user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(server.callsTo('GET', '/admin/auditLog').at(-1)!.query.get('customer')).toBe('hay');

    // Expand the row: where it came from, its input, and the fields that changed.
    const row = screen.getByTestId('audit-row');
    await app.user.click(within(row).getByRole('button', { name: 'Show details' }));
    const details = await screen.findByTestId('audit-details');
    expect(details.textContent).toContain('From 203.0.113.9, Firefox/140');
    expect(within(details).getByTestId('audit-input').textContent).toContain('"dueDate": 1800086400');
    const diff = within(details).getAllByTestId('audit-diff-row');
    expect(diff.map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent))).toEqual([
      ['plan_due_ts', String(T0), String(T0 + 86_400)],
    ]);
    await app.user.click(within(row).getByRole('button', { name: 'Hide details' }));
    await waitFor(() => expect(screen.queryByTestId('audit-details')).toBeNull());

    // Sorting asks the server again.
    await app.user.click(screen.getByRole('button', { name: 'Staff' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/auditLog').at(-1)!.query.get('sort')).toBe('staff'),
    );
    expect(server.callsTo('GET', '/admin/auditLog').at(-1)!.query.get('customer')).toBe('hay');

    // Clearing the filters shows everything again.
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
  });

  it('is listed on the console’s home for Admin staff', async () => {
    renderApp('/admin', auditServer(1));
    const home = await screen.findByTestId('admin-home', undefined, slow);
    expect(
      within(home)
        .getByRole('link', { name: /^Audit trail/ })
        .getAttribute('href'),
    ).toBe('/admin/audit');
  });

  it('tells Tech staff the trail is not theirs, and does not ask the server', async () => {
    const server = auditServer(2);
    renderApp('/admin/audit', server);
    expect(
      await screen.findByText('Only Root and Admin staff can read the audit trail.', undefined, slow),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/admin/auditLog')).toHaveLength(0);
  });

  it('leaves it off the console’s home for Sales staff', async () => {
    renderApp('/admin', auditServer(3));
    const home = await screen.findByTestId('admin-home', undefined, slow);
    expect(within(home).queryByRole('link', { name: /^Audit trail/ })).toBeNull();
    expect(within(home).getAllByRole('link').length).toBeGreaterThan(0);
  });
});
