import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  BroadcastSummary,
  GetBroadcastsResponse,
  NewsCampaign,
  SendBroadcastResponse,
} from '@emberwatch/shared/contracts/broadcasts';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/broadcasts/BroadcastsPage');
});

function staff(group = 1) {
  const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
  server.override('GET /admin/getBroadcastUsers', () =>
    json({ status_code: 0, count: 3, sms: 2, email: 3, users: [] }),
  );
  server.override('GET /admin/getNewsCampaigns', () => json({ status_code: 0, campaigns: [] }));
  server.override('GET /admin/getBroadcasts', () => json({ status_code: 0, broadcasts: [], detail: null }));
  return server;
}

const preview: SendBroadcastResponse['preview'] = {
  recipients: 2,
  messages: { sms: 2, email: 0 },
  capped: { sms: 1, email: 0 },
  unreachable: 1,
  languages: [
    { language: 'en', recipients: 1, subject: '', text: 'Down on Sunday.' },
    { language: 'de', recipients: 1, subject: '', text: 'Am Sonntag aus.' },
  ],
};

const summary = (over: Partial<BroadcastSummary> = {}): BroadcastSummary => ({
  id: 7,
  created_ts: NOW,
  by: 'admin@demo.emberwatch',
  channels: ['sms'],
  audience: { planLevels: [4] },
  subject: 'Down on Sunday.',
  total: 2,
  counts: { queued: 0, sent: 1, failed: 0, capped: 1 },
  ...over,
});

// Issue 31 item 3 (decision 0100): /admin/broadcasts.
describe('/admin/broadcasts', () => {
  it('counts the audience as it is chosen, previews, confirms, sends and shows each recipient’s status', async () => {
    const server = staff();
    server.override('POST /admin/sendBroadcastMessage', (c) => {
      const body = c.body as { dryRun: boolean };
      return json({ status_code: 0, preview, broadcast: body.dryRun ? null : summary() });
    });
    server.override('GET /admin/getBroadcasts', (c) =>
      json({
        status_code: 0,
        broadcasts: [summary()],
        detail:
          c.query.get('id') === '7'
            ? {
                broadcast: summary(),
                texts: { en: { subject: '', text: 'Down on Sunday.' } },
                recipients: [
                  {
                    uid: 2,
                    username: 'grain@demo.emberwatch',
                    channel: 'sms',
                    address: '+120•••••102',
                    language: 'en',
                    status: 'sent',
                    error: null,
                    sent_ts: NOW,
                  },
                  {
                    uid: 3,
                    username: 'compost@demo.emberwatch',
                    channel: 'sms',
                    address: '+120•••••103',
                    language: 'de',
                    status: 'capped',
                    error: 'The account’s daily sms limit (3) is reached.',
                    sent_ts: null,
                  },
                ],
              }
            : null,
      } satisfies GetBroadcastsResponse),
    );
    const app = renderApp('/admin/broadcasts', server);
    const page = await screen.findByTestId('broadcasts-page', undefined, slow);
    expect((await within(page).findByTestId('audience-count')).textContent).toContain(
      'Customers in this audience: 3',
    );
    await app.user.type(within(page).getByTestId('audience-plan-levels'), '4, x');
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getBroadcastUsers').at(-1)!.query.get('planLevels')).toBe('4'),
    );

    await app.user.click(within(page).getByTestId('channel-sms'));
    await app.user.click(within(page).getByTestId('channel-email'));
    expect(within(page).queryByTestId('broadcast-subject')).toBeNull();
    await app.user.type(within(page).getByTestId('broadcast-text'), 'Down on Sunday.');
    await app.user.click(within(page).getByTestId('text-lang-de'));
    await app.user.type(within(page).getByTestId('broadcast-text'), 'Am Sonntag aus.');
    expect(within(page).getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);

    await app.user.click(within(page).getByTestId('broadcast-preview'));
    const panel = await within(page).findByTestId('broadcast-preview-panel');
    expect(within(panel).getByTestId('preview-recipients').textContent).toBe('Recipients: 2');
    expect(within(panel).getByTestId('preview-capped').textContent).toContain('1');
    expect(within(panel).getByTestId('preview-lang-de').textContent).toContain('Am Sonntag aus.');
    expect(server.callsTo('POST', '/admin/sendBroadcastMessage')[0]!.body).toEqual({
      channels: ['sms'],
      audience: { planLevels: [4] },
      texts: {
        en: { subject: '', text: 'Down on Sunday.' },
        de: { subject: '', text: 'Am Sonntag aus.' },
      },
      dryRun: true,
    });

    await app.user.click(within(page).getByTestId('broadcast-send'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('1 messages go to 2 customers');
    await app.user.click(within(confirm).getByTestId('broadcast-confirm'));
    await waitFor(() => expect(server.callsTo('POST', '/admin/sendBroadcastMessage')).toHaveLength(2));
    expect(
      (server.callsTo('POST', '/admin/sendBroadcastMessage')[1]!.body as { dryRun: boolean }).dryRun,
    ).toBe(false);

    // The history opens on the broadcast sent, with each recipient's status.
    const detail = await screen.findByTestId('broadcast-detail', undefined, slow);
    const statuses = within(detail)
      .getAllByTestId('recipient-status')
      .map((c) => c.textContent);
    expect(statuses).toEqual(['Sent', 'Over the daily cap']);
    expect(detail.textContent).toContain('+120•••••103');
  });

  it('shows Sales staff the audience and the past broadcasts but no sending and no news editing', async () => {
    const server = staff(3);
    const app = renderApp('/admin/broadcasts', server);
    const page = await screen.findByTestId('broadcasts-page', undefined, slow);
    expect(await within(page).findByText('Only Root and Admin staff send broadcasts.')).toBeTruthy();
    expect(within(page).queryByTestId('broadcast-send')).toBeNull();
    await app.user.click(within(page).getByTestId('broadcasts-tab-news'));
    expect(
      await within(page).findByText('Only Root and Admin staff change the news campaigns.'),
    ).toBeTruthy();
    expect(within(page).queryByTestId('campaign-new')).toBeNull();
  });

  it('lists the news campaigns and saves a new one with its texts, icon, popup, audience and schedule', async () => {
    const server = staff();
    const saved: NewsCampaign = {
      id: 1000,
      texts: { en: { title: 'Field day', text: 'Meet us.' } },
      icon: 'event',
      link: 'https://example.com/fair',
      popup: true,
      audience: { countries: ['FI'] },
      start_ts: null,
      end_ts: null,
      phase: 'live',
      updated_ts: NOW,
      by: 'admin@demo.emberwatch',
    };
    server.override('POST /admin/saveNewsCampaigns', () => json({ status_code: 0, campaigns: [saved] }));
    const app = renderApp('/admin/broadcasts', server);
    const page = await screen.findByTestId('broadcasts-page', undefined, slow);
    await app.user.click(within(page).getByTestId('broadcasts-tab-news'));
    expect(await within(page).findByText('No news items.')).toBeTruthy();
    await app.user.click(within(page).getByTestId('campaign-new'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByTestId('campaign-save');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await app.user.type(within(dialog).getByTestId('campaign-title-input'), 'Field day');
    await app.user.type(within(dialog).getByTestId('campaign-text-input'), 'Meet us.');
    await app.user.click(within(dialog).getByTestId('icon-event'));
    await app.user.click(within(dialog).getByRole('switch', { name: 'Popup news (green dot)' }));
    await app.user.type(within(dialog).getByTestId('campaign-link-input'), 'https://example.com/fair');
    await app.user.type(within(dialog).getByTestId('audience-countries'), 'fi');
    await app.user.click(save);
    await waitFor(() => expect(server.callsTo('POST', '/admin/saveNewsCampaigns')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/saveNewsCampaigns')[0]!.body).toEqual({
      campaigns: [
        {
          texts: { en: { title: 'Field day', text: 'Meet us.' } },
          icon: 'event',
          link: 'https://example.com/fair',
          popup: true,
          audience: { countries: ['FI'] },
          start_ts: null,
          end_ts: null,
        },
      ],
    });
    const item = await within(page).findByTestId('campaign-1000');
    expect(item.textContent).toContain('Field day');
    expect(item.textContent).toContain('Showing');
    expect(within(item).getByRole('img', { name: 'Popup news (green dot)' })).toBeTruthy();
  });
});
