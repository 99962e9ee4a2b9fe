import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import {
  fakeSmsReplyRequestSchema,
  type DeliveredAlert,
  type DeliveryMessage,
  type FailingRecipient,
  type OutboxMessage,
  type OutboxResponse,
} from '@emberwatch/shared/contracts/delivery';
import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@emberwatch/shared/contracts/preferences';
import { isSendableReply } from '../src/features/delivery/fakeSmsReply';
import { OUTBOX_REFRESH_MS } from '../src/features/delivery/deliveryQueries';
import { formatDateTime } from '../src/lib/formatDateTime';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { FakeWebSocket } from './support/FakeWebSocket';
import { renderApp } from './support/renderApp';
import { renderPage, type RenderPageOptions } from './support/renderPage';
import { station, storage } from './support/fixtures';
import { insight } from './support/probeDetailFakes';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await Promise.all([
    import('../src/features/storages/StorageDetailPage'),
    import('../src/features/delivery/OutboxPage'),
  ]);
});

const T0 = 1_800_000_000;

function message(overrides: Partial<DeliveryMessage> = {}): DeliveryMessage {
  return {
    id: 1,
    kind: 'raise',
    step: 0,
    channel: 'email',
    recipientName: 'Hanna Farmer',
    address: 'hanna@example.com',
    status: 'sent',
    attempts: 1,
    error: null,
    createdTs: T0 + 5,
    sentTs: T0 + 6,
    ...overrides,
  };
}

function delivered(overrides: Partial<DeliveredAlert> = {}): DeliveredAlert {
  return {
    id: 11,
    ruleType: 'ABS_MAX',
    sensor_id: 'H-001',
    depth: 1,
    temperature: 612,
    threshold: 550,
    isMin: false,
    alertTs: T0,
    status: 'open',
    step: 0,
    nextStepTs: T0 + 900,
    ack: null,
    clearedTs: null,
    messages: [],
    ...overrides,
  };
}

/** The storage of H-001 (itemID 5), no monitor chosen; the log is served by `log`. */
function storageServer(
  log: () => DeliveredAlert[],
  prefs: Partial<UiPreferences> = {},
  session: { master?: boolean; subUser?: boolean } = {},
): FakeServer {
  const server = createFakeServer({
    loggedIn: true,
    user: { service: insight() },
    session: { ...session, ui_preferences: { ...DEFAULT_UI_PREFERENCES, ...prefs } },
    stations: [station('F1000001', { display_name: 'Barn', probeCount: 1 })],
    storages: [storage({ itemID: 5, name: 'North barn', capacity: 200 })],
  });
  server.override('GET /client/getDeliveryLog', () => json({ status_code: 0, alerts: log() }));
  return server;
}

async function openLog(server: FakeServer, options: RenderPageOptions = {}) {
  const app = renderPage('/storages/5', server, options);
  await app.user.click(await screen.findByRole('tab', { name: 'Monitor' }, { timeout: 8000 }));
  return { app, log: await screen.findByTestId('delivery-log') };
}

const ACKED = delivered({
  status: 'acknowledged',
  nextStepTs: null,
  step: 2,
  ack: { by: 8, byName: 'Farm Helper', at: T0 + 1200, via: 'sms' },
  messages: [
    message(),
    message({
      id: 2,
      channel: 'sms',
      address: '+358401234567',
      status: 'failed',
      attempts: 3,
      error: 'The number is not a mobile number (21614).',
      sentTs: null,
    }),
    message({ id: 3, channel: 'voice', address: '+358401234567', status: 'capped', kind: 'repeat', step: 1 }),
  ],
});

describe('a storage’s delivery log', () => {
  it('names a data break for what it is, with its last data and no temperature (decision 0067)', async () => {
    const silent = delivered({
      id: 12,
      ruleType: 'noProbeData',
      depth: null,
      temperature: 0,
      threshold: null,
    });
    const { log } = await openLog(storageServer(() => [silent]));
    const [item] = await within(log).findAllByTestId('delivered-alert');
    expect(item!.textContent).toContain('Probe silent: probe H-001');
    const reading = within(item!).getByTestId('delivered-alert-reading');
    expect(reading.textContent).not.toContain('Temperature');
    expect(reading.textContent).toContain('Last data');
  });

  it('shows each delivered alert in °C with its colour band, limit, reading time and acknowledgement, and its messages when unfolded', async () => {
    const server = storageServer(() => [ACKED], { date_format: 'MM/dd/yyyy', time_format: 'hh:mm a' });
    const { app, log } = await openLog(server);
    const alerts = await within(log).findAllByTestId('delivered-alert');
    expect(alerts).toHaveLength(1);
    const item = alerts[0]!;
    expect(item.textContent).toContain('Absolute maximum: probe H-001, depth 2');
    expect(within(item).getByText('Acknowledged')).toBeTruthy();
    const reading = within(item).getByTestId('delivered-alert-reading');
    expect(reading.textContent).toContain('Temperature 61.2 °C');
    expect(reading.textContent).toContain('upper limit 55.0 °C');
    expect(reading.textContent).toContain(`Reading of ${formatDateTime(T0, 'MM/dd/yyyy', 'hh:mm a')}`);
    // Default colour steps 0/40/60/80/100: 61.2 is past 60 (band 3), 55.0 below it (band 2).
    expect(within(reading).getByText('61.2 °C').getAttribute('data-tone')).toBe('band-3');
    expect(within(reading).getByText('55.0 °C').getAttribute('data-tone')).toBe('band-2');
    expect(within(item).getByTestId('delivered-alert-state').textContent).toBe(
      `Acknowledged by Farm Helper via SMS at ${formatDateTime(T0 + 1200, 'MM/dd/yyyy', 'hh:mm a')} · ` +
        'Reminders sent: 2 · Messages: 3',
    );

    await app.user.click(within(item).getByRole('button', { name: /Absolute maximum/ }));
    const lines = await within(item).findAllByTestId('delivery-message');
    expect(lines.map((l) => l.getAttribute('data-status'))).toEqual(['sent', 'failed', 'capped']);
    const [mail, sms, voice] = lines as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(mail).getByTestId('channel-email')).toBeTruthy();
    expect(mail.textContent).toContain('Hanna Farmer');
    expect(mail.textContent).toContain('hanna@example.com');
    expect(mail.textContent).toContain('Sent');
    expect(mail.textContent).toContain('Tries: 1');
    expect(mail.textContent).toContain(`Sent: ${formatDateTime(T0 + 6, 'MM/dd/yyyy', 'hh:mm a')}`);
    expect(within(mail).queryByTestId('delivery-error')).toBeNull();
    expect(within(sms).getByTestId('channel-sms')).toBeTruthy();
    expect(sms.textContent).toContain('Tries: 3');
    expect(sms.textContent).toContain('Sent: not yet');
    expect(within(sms).getByTestId('delivery-error').textContent).toBe(
      'The number is not a mobile number (21614).',
    );
    // The cap without a reason from the server is said in words.
    expect(within(voice).getByTestId('delivery-error').textContent).toBe(
      "The account's daily limit for this channel was reached.",
    );
    expect(voice.textContent).toContain('Reminder');
  });

  it('writes the temperature and the limit in °F for a °F user', async () => {
    const server = storageServer(() => [delivered({ isMin: true, threshold: 50, temperature: 30 })], {
      degrees: 'F',
    });
    const { log } = await openLog(server);
    const reading = await within(log).findByTestId('delivered-alert-reading');
    // 3.0 °C = 37.4 °F, 5.0 °C = 41.0 °F; a minimum rule's limit is the lower one.
    expect(reading.textContent).toContain('Temperature 37.4 °F');
    expect(reading.textContent).toContain('lower limit 41.0 °F');
    expect(reading.textContent).not.toContain('°C');
    const state = within(log).getByTestId('delivered-alert-state');
    expect(state.textContent).toContain(`Next reminder at ${formatDateTime(T0 + 900, 'd.M.yyyy', 'HH:mm')}`);
    expect(within(log).getByText('Open')).toBeTruthy();
  });

  it('says when nothing was sent yet, to a master as well', async () => {
    const server = storageServer(() => [], {}, { master: true });
    const { log } = await openLog(server);
    expect((await within(log).findByTestId('delivery-log-empty')).textContent).toBe(
      'No alert of this storage has been sent to anyone yet.',
    );
    expect(server.callsTo('GET', '/client/getDeliveryLog')[0]?.query.get('itemID')).toBe('5');
  });

  it('reads the log again when alerts change (push), without a reload', async () => {
    let alerts: DeliveredAlert[] = [];
    const server = storageServer(() => alerts);
    const { log } = await openLog(server, { live: true });
    await within(log).findByTestId('delivery-log-empty');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    act(() => ws.serverOpen());
    act(() => ws.serverSend({ type: 'ready', UID: 7 }));
    alerts = [delivered({ status: 'new', nextStepTs: null })];
    act(() => ws.serverSend({ type: 'alertsChanged', bs_ids: 'F1000001' }));
    const item = await within(log).findByTestId('delivered-alert');
    expect(within(item).getByText('Queued')).toBeTruthy();
  });
});

function outboxMessage(id: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    ...message({ id, createdTs: T0 + id, sentTs: T0 + id + 1 }),
    ownerId: 7,
    storageId: 5,
    subject: `Alert ${id}: North barn`,
    body: `North barn, probe H-001, depth 2: 61.2 °C.\nReply OK to acknowledge. (${id})`,
    sender: 'alerts@emberwatch.local',
    language: 'en',
    ...overrides,
  };
}

/** An admin's server with `total` messages (ids 1…total) served newest first, page by page. */
function outboxServer(
  total: number,
  senders: OutboxResponse['senders'] = { email: 'local', sms: 'fake' },
  session: { admin?: boolean } = { admin: true },
  failing: FailingRecipient[] = [],
) {
  const server = createFakeServer({ loggedIn: true, session: { admin_group: 1, ...session } });
  let all = Array.from({ length: total }, (_, i) =>
    outboxMessage(
      i + 1,
      (i + 1) % 2 === 0 ? { channel: 'sms', address: `+35840000${String(i + 1).padStart(4, '0')}` } : {},
    ),
  ).reverse();
  server.override('GET /admin/getOutbox', (c) => {
    const before = c.query.get('beforeId');
    const limit = Number(c.query.get('limit') ?? 100);
    const status = c.query.get('status');
    const ownerId = c.query.get('ownerId');
    const messages = all
      .filter((m) => before === null || m.id < Number(before))
      .filter((m) => status === null || m.status === status)
      .filter((m) => ownerId === null || m.ownerId === Number(ownerId))
      .slice(0, limit);
    const failingRecipients = failing.filter((r) => ownerId === null || r.ownerId === Number(ownerId));
    return json({ status_code: 0, senders, messages, failingRecipients });
  });
  server.override('POST /admin/fakeSmsReply', () => json({ status_code: 0, providerStatus: 200 }));
  return {
    server,
    add: (m: OutboxMessage) => {
      all = [m, ...all];
    },
  };
}

describe('the admin’s outbox', () => {
  it('lists the messages newest first, says the local stand-ins run, and shows a whole text on a click', async () => {
    const { server } = outboxServer(3);
    const app = renderPage('/admin/outbox', server);
    const rows = await screen.findAllByTestId('outbox-row', {}, { timeout: 8000 });
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    // The admin pages lead to the kits and their QR codes.
    expect(screen.getByTestId('admin-kits-link').getAttribute('href')).toBe('/admin/kits');
    expect(screen.getByTestId('outbox-senders').textContent).toContain(
      'Local stand-ins: e-mail is received by the built-in mail server, SMS by the fake provider — nothing leaves this machine.',
    );
    const sms = rows[1]!;
    expect(sms.textContent).toContain('+358400000002');
    expect(sms.textContent).toContain('Alert');
    expect(sms.textContent).toContain('Sent');
    expect(sms.textContent).toContain('Alert 2: North barn');
    await app.user.click(sms);
    const dialog = await screen.findByRole('dialog', { name: 'Message 2' });
    expect(within(dialog).getByTestId('outbox-body').textContent).toBe(
      'North barn, probe H-001, depth 2: 61.2 °C.\nReply OK to acknowledge. (2)',
    );
    expect(dialog.textContent).toContain('alerts@emberwatch.local');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks failed messages, shows only them on demand, and lists the failing recipients by account', async () => {
    const { server, add } = outboxServer(3, undefined, undefined, [
      {
        ownerId: 12,
        channel: 'email',
        address: 'helper@farm.test',
        recipientUserId: 13,
        recipientName: 'Farm Helper',
        failingSince: T0,
        lastFailedTs: T0 + 60,
        lastError: 'SMTP 550: Mailbox unavailable',
        failed: 2,
      },
    ]);
    add(
      outboxMessage(4, {
        ownerId: 12,
        status: 'failed',
        sentTs: null,
        address: 'helper@farm.test',
        error: 'SMTP 550: Mailbox unavailable',
      }),
    );
    add(outboxMessage(5, { kind: 'notice', channel: 'sms', address: '+358401111111', ownerId: 12 }));
    const app = renderPage('/admin/outbox', server);
    const rows = await screen.findAllByTestId('outbox-row', {}, { timeout: 8000 });
    expect(rows.map((r) => r.getAttribute('data-failed'))).toEqual([null, 'true', null, null, null]);
    expect(within(rows[1]!).getByTitle('Failed for good')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Failure notice');

    const failing = screen.getAllByTestId('failing-recipient');
    expect(failing).toHaveLength(1);
    expect(failing[0]!.textContent).toContain('Farm Helper');
    expect(failing[0]!.textContent).toContain('helper@farm.test');
    expect(failing[0]!.textContent).toContain('SMTP 550: Mailbox unavailable');

    await app.user.click(screen.getByRole('switch', { name: 'Only failed messages' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(1));
    expect(server.callsTo('GET', '/admin/getOutbox').at(-1)?.query.get('status')).toBe('failed');

    await app.user.click(screen.getByRole('switch', { name: 'Only failed messages' }));
    await app.user.click(screen.getByRole('button', { name: 'Show account 12' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(2));
    expect(server.callsTo('GET', '/admin/getOutbox').at(-1)?.query.get('ownerId')).toBe('12');
    expect(screen.getByTestId('outbox-account').textContent).toBe('Account 12 only');
    await app.user.click(screen.getByRole('button', { name: 'All accounts' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(5));
  });

  it('says when no recipient fails', async () => {
    const { server } = outboxServer(1);
    renderPage('/admin/outbox', server);
    expect((await screen.findByTestId('failing-none', {}, { timeout: 8000 })).textContent).toBe(
      'No recipient fails now.',
    );
  });

  it('loads older messages before the oldest shown, until there are none', async () => {
    const { server } = outboxServer(70);
    const app = renderPage('/admin/outbox', server);
    expect(await screen.findAllByTestId('outbox-row', {}, { timeout: 8000 })).toHaveLength(50);
    await app.user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(70));
    const paged = server.callsTo('GET', '/admin/getOutbox').filter((c) => c.query.has('beforeId'));
    expect(paged[0]?.query.get('beforeId')).toBe('21');
    expect(screen.getAllByTestId('outbox-row').at(-1)?.getAttribute('data-id')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
    expect(screen.getByText('No older messages.')).toBeTruthy();
  });

  it('reads the outbox again every 5 seconds', async () => {
    const { server, add } = outboxServer(1);
    // The 5 s pass on a fake clock (it moves with real time too, for the page's loading).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage('/admin/outbox', server);
    await screen.findAllByTestId('outbox-row', {}, { timeout: 8000 });
    add(outboxMessage(2, { status: 'pending', sentTs: null }));
    // Not read again before the 5 s are up (real time moves the clock too, hence the margin).
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_REFRESH_MS - 2000));
    expect(screen.getAllByTestId('outbox-row')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(2));
    expect(screen.getAllByTestId('outbox-row')[0]?.textContent).toContain('Waiting');
  });

  it('replies to a chosen SMS as its recipient through the fake provider', async () => {
    const { server } = outboxServer(2);
    const app = renderPage('/admin/outbox', server);
    const form = await screen.findByRole(
      'form',
      { name: 'Reply to an SMS as the recipient' },
      { timeout: 8000 },
    );
    const phone = within(form).getByLabelText<HTMLInputElement>('Phone number');
    expect(within(form).getByRole('button', { name: 'Send reply' })).toHaveProperty('disabled', true);
    await app.user.click((await screen.findAllByTestId('outbox-row'))[0]!);
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(phone.value).toBe('+358400000002');
    expect(within(form).getByLabelText<HTMLInputElement>('Reply').value).toBe('OK');
    await app.user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'The fake provider passed the reply on; the server answered with HTTP 200.',
    );
    expect(server.callsTo('POST', '/admin/fakeSmsReply').map((c) => c.body)).toEqual([
      { from: '+358400000002', body: 'OK' },
    ]);
  });

  it('answers a voice call as its recipient and presses 1, with the fake provider only', async () => {
    const { server, add } = outboxServer(1);
    add(outboxMessage(2, { channel: 'voice', address: '+12025550101', subject: 'Call 2: North barn' }));
    server.override('POST /admin/fakeCallKeys', () => json({ status_code: 0, providerStatus: 200 }));
    const app = renderPage('/admin/outbox', server);
    const rows = await screen.findAllByTestId('outbox-row', {}, { timeout: 8000 });
    await app.user.click(rows[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Message 2' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Answer and press 1' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'The fake provider pressed 1 in the call; the server answered with HTTP 200.',
    );
    expect(server.callsTo('POST', '/admin/fakeCallKeys').map((c) => c.body)).toEqual([
      { messageId: 2, digits: '1' },
    ]);
    // An e-mail offers nothing to press.
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await app.user.click(screen.getAllByTestId('outbox-row')[1]!);
    expect(
      within(await screen.findByRole('dialog', { name: 'Message 1' })).queryByTestId('fake-call-answer'),
    ).toBeNull();
  });

  it('offers no key press with a real voice provider', async () => {
    const { server, add } = outboxServer(0, { email: 'smtp', sms: 'twilio' });
    add(outboxMessage(1, { channel: 'voice', address: '+12025550101' }));
    const app = renderPage('/admin/outbox', server);
    await app.user.click((await screen.findAllByTestId('outbox-row', {}, { timeout: 8000 }))[0]!);
    expect(within(await screen.findByRole('dialog')).queryByTestId('fake-call-answer')).toBeNull();
  });

  it('shows why a reply failed', async () => {
    const { server } = outboxServer(2);
    server.override('POST /admin/fakeSmsReply', () =>
      json({ status_code: 400, error: 'A real SMS provider is configured: replies come from phones.' }, 400),
    );
    const app = renderPage('/admin/outbox', server);
    const form = await screen.findByRole(
      'form',
      { name: 'Reply to an SMS as the recipient' },
      { timeout: 8000 },
    );
    await app.user.type(within(form).getByLabelText('Phone number'), '+358401112223');
    await app.user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The reply failed: A real SMS provider is configured: replies come from phones.',
    );
  });

  it('offers no fake reply and warns when the real senders run', async () => {
    const { server } = outboxServer(1, { email: 'smtp', sms: 'twilio' });
    renderPage('/admin/outbox', server);
    const note = await screen.findByTestId('outbox-senders', {}, { timeout: 8000 });
    expect(note.textContent).toContain('E-mail: the configured SMTP server');
    expect(note.textContent).toContain('SMS and voice: Twilio');
    expect(note.textContent).not.toContain('nothing leaves this machine');
    expect(screen.queryByRole('form', { name: 'Reply to an SMS as the recipient' })).toBeNull();
  });

  it('is reached from the admin’s side menu through the admin console’s home', async () => {
    const { server } = outboxServer(1);
    const app = renderApp('/probes', server);
    await app.user.click(await screen.findByTestId('menu-button', {}, { timeout: 8000 }));
    await app.user.click(await screen.findByRole('link', { name: 'Admin' }));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    await app.user.click(await screen.findByRole('link', { name: /^Outbox/ }));
    await waitFor(() => expect(app.location()).toBe('/admin/outbox'));
    expect(await screen.findAllByTestId('outbox-row')).toHaveLength(1);
  });

  it('sends a non-admin away without reading the outbox', async () => {
    const { server } = outboxServer(1, undefined, { admin: false });
    const app = renderPage('/admin/outbox', server);
    await waitFor(() => expect(app.location()).toBe('/probes'), { timeout: 8000 });
    expect(screen.queryByTestId('outbox')).toBeNull();
    expect(server.callsTo('GET', '/admin/getOutbox')).toHaveLength(0);
  });
});

describe('a fake SMS reply the form lets through', () => {
  it.each([
    ['+358401234567', 'OK'],
    ['  +35840123  ', ' ok '],
    ['1234567', 'OK'],
    ['+3584012345678901234567', 'OK'],
    ['+358401234567', '   '],
    ['+358401234567', 'x'.repeat(161)],
    ['+358401234567', 'x'.repeat(160)],
  ])('is exactly what the contract accepts: %j, %j', (from, body) => {
    expect(isSendableReply(from, body)).toBe(fakeSmsReplyRequestSchema.safeParse({ from, body }).success);
  });
});
