import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { GetAlertChannelsResponse } from '@emberwatch/shared/contracts/alertChannels';
import { DEFAULT_UI_PREFERENCES } from '@emberwatch/shared/contracts/preferences';
import { defaultAlertMessaging } from '@emberwatch/shared/contracts/storages';
import { AlertChannelsLink } from '../src/features/alert-channels';
import { AlertMessagingSection } from '../src/features/storages/AlertMessagingSection';
import { changeLanguage } from '../src/i18n/i18n';
import { json, type FakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { accountPageServer, loadAccountPage, renderAccountPage } from './support/renderAccountPage';
import { renderWithProviders } from './support/renderWithProviders';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const OWNER_RIGHTS = {
  changeVoice: false,
  readSentinel: true,
  setSentinel: true,
  rotateSentinel: true,
  testSentinel: true,
};

/** The fake server with the Alert channels calls, answering like the server (without its checks). */
function channelsServer(over: Partial<GetAlertChannelsResponse> = {}, session: object = {}) {
  const server = accountPageServer({ session });
  const state: GetAlertChannelsResponse = {
    status_code: 0,
    UID: 7,
    voiceCallEnabled: false,
    ownerPhoneComplete: true,
    sentinel: false,
    pushDevices: 0,
    rights: OWNER_RIGHTS,
    ...over,
  };
  let target: { siteID: string; url: string } | null = null;
  server.override('POST /client/getAlertChannels', () => json(state));
  server.override('POST /sentinelCall', () => json({ status_code: 0, sentinelAlerts: target }));
  server.override('POST /client/setSentinelTarget', (c) => {
    const { sentinelAlerts } = c.body as { sentinelAlerts: { siteID: string; url: string } | null };
    const isNew = target === null && sentinelAlerts !== null;
    target = sentinelAlerts;
    state.sentinel = target !== null;
    return json({ status_code: 0, sentinelAlerts: target, ...(isNew ? { secret: 'a1b2c3d4e5' } : {}) });
  });
  server.override('POST /admin/setVoiceCalls', (c) => {
    state.voiceCallEnabled = (c.body as { voiceCallEnabled: boolean }).voiceCallEnabled;
    return json({ status_code: 0, voiceCallEnabled: state.voiceCallEnabled });
  });
  return server;
}

const bodiesOf = (server: FakeServer, path: string) => server.callsTo('POST', path).map((c) => c.body);

// The Alert channels tab is reached through the whole app too (renderApp).
beforeAll(loadAccountPage);

afterEach(async () => {
  await changeLanguage('en');
});

describe('the Alert channels page (issue 27 item 11)', () => {
  it('is a tab of the account area, reached from the side menu', async () => {
    const server = channelsServer();
    const app = renderApp('/probes', server);
    await app.user.click(await screen.findByTestId('menu-button'));
    await app.user.click(await screen.findByRole('link', { name: 'Account' }));
    await app.user.click(await screen.findByRole('tab', { name: 'Alert channels' }));
    await waitFor(() => expect(app.location()).toBe('/account/alerts'));
    expect(await screen.findByRole('heading', { name: 'Voice calls' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sentinel alarm system' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alerts on this device' })).toBeTruthy();
    expect(bodiesOf(server, '/client/getAlertChannels')).toEqual([{ UID: 7 }]);
  });

  it('shows the owner his voice calls off and how to get them, without a switch', async () => {
    const server = channelsServer();
    const app = await renderAccountPage('/account/alerts', server);
    const voice = await screen.findByTestId('alert-channels-voice');
    expect(within(voice).getByText('Voice calls are off for this account.')).toBeTruthy();
    expect(within(voice).queryByRole('switch')).toBeNull();
    await app.user.click(within(voice).getByRole('button', { name: 'Contact support' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(bodiesOf(server, '/admin/setVoiceCalls')).toEqual([]);
  });

  it('lets an admin switch the account’s voice calls, and warns of an owner without a usable phone', async () => {
    const server = channelsServer(
      { rights: { ...OWNER_RIGHTS, changeVoice: true }, ownerPhoneComplete: false },
      { admin: true },
    );
    const app = await renderAccountPage('/account/alerts', server);
    const voice = await screen.findByTestId('alert-channels-voice');
    await app.user.click(within(voice).getByRole('switch', { name: 'Voice calls for this account' }));
    await waitFor(() =>
      expect(bodiesOf(server, '/admin/setVoiceCalls')).toEqual([{ UID: 7, voiceCallEnabled: true }]),
    );
    expect(await within(voice).findByText('Voice calls are on for this account.')).toBeTruthy();
    expect(within(voice).getByText(/The owner's phone number is missing/)).toBeTruthy();
  });

  it('saves the owner’s Sentinel target and shows its secret once', async () => {
    const server = channelsServer();
    const app = await renderAccountPage('/account/alerts', server);
    const section = await screen.findByTestId('alert-channels-sentinel');
    expect(await within(section).findByText('No Sentinel connection yet.')).toBeTruthy();
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await app.user.type(within(section).getByRole('textbox', { name: 'Site id' }), 'HILL-1');
    await app.user.type(
      within(section).getByRole('textbox', { name: 'Receiver URL' }),
      'https://alarm.example.com/hook',
    );
    await app.user.click(save);
    await waitFor(() =>
      expect(bodiesOf(server, '/client/setSentinelTarget')).toEqual([
        { UID: 7, sentinelAlerts: { siteID: 'HILL-1', url: 'https://alarm.example.com/hook' } },
      ]),
    );
    expect(within(await screen.findByTestId('sentinel-secret')).getByText('a1b2c3d4e5')).toBeTruthy();
    // Connected: the test and the removal are offered.
    expect(within(section).getByRole('button', { name: 'Test Sentinel' })).toBeTruthy();
    await app.user.click(within(section).getByRole('button', { name: 'Remove' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bodiesOf(server, '/client/setSentinelTarget')).toHaveLength(2));
    expect(bodiesOf(server, '/client/setSentinelTarget')[1]).toEqual({ UID: 7, sentinelAlerts: null });
    expect(await within(section).findByText('No Sentinel connection yet.')).toBeTruthy();
    expect(screen.queryByTestId('sentinel-secret')).toBeNull();
  });

  it('shows a farm hand who sets up Sentinel, without the form', async () => {
    const server = channelsServer({
      sentinel: true,
      rights: {
        changeVoice: false,
        readSentinel: false,
        setSentinel: false,
        rotateSentinel: false,
        testSentinel: true,
      },
    });
    await renderAccountPage('/account/alerts', server);
    const section = await screen.findByTestId('alert-channels-sentinel');
    expect(within(section).getByText(/The account owner sets up the Sentinel connection/)).toBeTruthy();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Test Sentinel' })).toBeTruthy();
    expect(server.callsTo('POST', '/sentinelCall')).toEqual([]);
  });

  it('is there in every language', async () => {
    // The language the user chose in the settings, which the shell applies after login.
    const server = channelsServer({}, { ui_preferences: { ...DEFAULT_UI_PREFERENCES, language: 'fi' } });
    await renderAccountPage('/account/alerts', server);
    expect(await screen.findByRole('tab', { name: 'Hälytyskanavat' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Äänipuhelut' })).toBeTruthy();
  });
});

describe('the way from a storage’s alert messaging to Alert channels', () => {
  it.each([
    [false, false, 'Set up voice calls and Sentinel in Alert channels'],
    [false, true, 'Set up voice calls in Alert channels'],
    [true, false, 'Set up Sentinel in Alert channels'],
  ])('voice %s, Sentinel %s: “%s”', (voice, sentinel, text) => {
    renderWithProviders(<AlertChannelsLink voice={voice} sentinel={sentinel} />);
    expect(screen.getByRole('link', { name: text }).getAttribute('href')).toBe('/account/alerts');
  });

  it('is not there when both are set up', () => {
    renderWithProviders(<AlertChannelsLink voice sentinel />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows in a storage’s alert messaging while a channel is missing, not to a read-only viewer', () => {
    const section = (over: { voice: boolean; sentinel: boolean; readOnly: boolean }) => (
      <AlertMessagingSection
        value={defaultAlertMessaging()}
        onChange={() => undefined}
        recipients={[]}
        voiceCallEnabled={over.voice}
        sentinel={over.sentinel}
        readOnly={over.readOnly}
        unit="C"
        colorStepsC={[0, 40, 60, 80, 100]}
      />
    );
    const { rerender } = renderWithProviders(section({ voice: false, sentinel: true, readOnly: false }));
    expect(screen.getByRole('link', { name: 'Set up voice calls in Alert channels' })).toBeTruthy();
    rerender(section({ voice: false, sentinel: false, readOnly: true }));
    expect(screen.queryByTestId('alert-channels-link')).toBeNull();
  });
});
