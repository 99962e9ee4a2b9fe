import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { TestSentinelCallResponse } from '@emberwatch/shared/contracts/sentinel';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { SentinelTestButton } from '../src/features/sentinel';
import { resultOfAnswer, resultOfError } from '../src/features/sentinel/sentinelResultText';
import { changeLanguage, i18n } from '../src/i18n/i18n';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { createFakeServer, json, type FakeServerOptions } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { renderWithProviders } from './support/renderWithProviders';
import { sensorConf, storage as storageFixture } from './support/fixtures';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
});

function barn(): Storage {
  return storageFixture({
    itemID: 5,
    name: 'North barn',
    capacity: 400,
    sensor_layout: {
      rows: [{ index: 0, rowLength: 3 }],
      floors: 1,
      sensors: [{ id: 'H-001', row: 0, column: 1, floor: 0 }],
    },
  });
}

const OWNER = {
  U_ID: 7,
  name: 'Hanna Farmer',
  phone: '+358 40 123 4567',
  phoneComplete: true,
  email: 'hanna@example.com',
  owner: true,
  health: [],
};

/** The storage app with the account's Sentinel right; `answer` is the server's test-call answer. */
function server(
  opts: {
    sentinel?: boolean;
    session?: FakeServerOptions['session'];
    answer?: () => Response;
  } = {},
) {
  const fake = createFakeServer({
    loggedIn: true,
    session: opts.session,
    conf: { F1000001: [sensorConf('H-001', 'North end')] },
    storages: [barn()],
    alertRecipients: {
      results: [OWNER],
      voiceCallEnabled: false,
      sentinel: opts.sentinel ?? true,
      sentinelHealth: null,
    },
  });
  const answered: number[] = [];
  fake.override('POST /testSentinelCall', () => {
    answered.push(Date.now());
    return (opts.answer ?? (() => json({ status_code: 0, ok: true })))();
  });
  return { fake, answered };
}

async function openDetails(fake: ReturnType<typeof createFakeServer>) {
  const { user } = renderPage('/storages/5', fake);
  await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
  await screen.findByRole('switch', { name: 'SMS' });
  return user;
}

const status = () => screen.getByRole('status', { name: '' }).textContent;

describe('the Sentinel test call (spec doc 3 §4, §6, §8, §9)', () => {
  it('shows "Calling...", then OK 1 s after the answer, for the selected account', async () => {
    const { fake, answered } = server();
    const user = await openDetails(fake);
    expect(screen.getByRole('switch', { name: 'Sentinel' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Test Sentinel' }));
    expect(screen.getByText('Calling...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test Sentinel' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(answered).toHaveLength(1));
    // The answer is in, but the result waits its second.
    expect(screen.getByText('Calling...')).toBeTruthy();
    await screen.findByText('OK', { selector: '[role=status]' });
    expect(Date.now() - answered[0]!).toBeGreaterThanOrEqual(950);
    expect(screen.queryByText('Calling...')).toBeNull();
    expect(fake.callsTo('POST', '/testSentinelCall').map((c) => c.body)).toEqual([{ UID: 7 }]);
    expect(screen.getByRole('button', { name: 'Test Sentinel' })).toHaveProperty('disabled', false);
  });

  it('shows "Error: {text}" when the target refuses the call', async () => {
    const { fake } = server({
      answer: () =>
        json({
          status_code: 0,
          ok: false,
          failure: 'http',
          httpStatus: 500,
          error: 'Sentinel answered HTTP 500 Internal Server Error',
        }),
    });
    const user = await openDetails(fake);
    await user.click(screen.getByRole('button', { name: 'Test Sentinel' }));
    expect(
      await screen.findByText('Error: Sentinel answered with HTTP status 500', { selector: '[role=status]' }),
    ).toBeTruthy();
  });

  it('shows "Error: {text}" when the server refuses the test', async () => {
    const { fake } = server({
      answer: () => json({ status_code: 404, error: 'This account has no Sentinel target.' }, 404),
    });
    const user = await openDetails(fake);
    await user.click(screen.getByRole('button', { name: 'Test Sentinel' }));
    expect(
      await screen.findByText('Error: this account has no Sentinel connection', {
        selector: '[role=status]',
      }),
    ).toBeTruthy();
  });

  it('is there only with a Sentinel target', async () => {
    const { fake } = server({ sentinel: false });
    await openDetails(fake);
    expect(screen.queryByRole('switch', { name: 'Sentinel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test Sentinel' })).toBeNull();
  });

  it('is hidden from a master who is not a grand master', async () => {
    const { fake } = server({ session: { master: true, grandMaster: false } });
    await openDetails(fake);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Sentinel' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Test Sentinel' })).toBeNull();
  });

  // docs/roles.md: a sub-user does not change the messaging, but may test the alarm centre's line.
  it('is shown to a sub-user, beside the Sentinel switch he cannot change', async () => {
    const { fake } = server({ session: { subUser: true } });
    await openDetails(fake);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Sentinel' }).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Test Sentinel' })).toBeTruthy();
  });

  it('is shown to a grand master', async () => {
    const { fake } = server({ session: { master: true, grandMaster: true } });
    await openDetails(fake);
    expect(screen.getByRole('button', { name: 'Test Sentinel' })).toBeTruthy();
  });

  it('renders on its own, calling nothing until pressed', () => {
    renderWithProviders(<SentinelTestButton />);
    expect(screen.getByRole('button', { name: 'Test Sentinel' })).toBeTruthy();
    expect(status()).toBe('');
  });

  it('words every failure in the user’s language', async () => {
    await changeLanguage('fi');
    await waitFor(() => expect(i18n.t('sentinel.calling')).toBe('Soitetaan...'));
    const t = i18n.t.bind(i18n) as TFunction;
    const answer = (over: Partial<TestSentinelCallResponse>) =>
      resultOfAnswer(t, { status_code: 0, ok: false, ...over });
    expect(resultOfAnswer(t, { status_code: 0, ok: true })).toEqual({ ok: true });
    expect(answer({ failure: 'http', httpStatus: 401 })).toEqual({
      ok: false,
      text: 'Sentinel vastasi HTTP-tilalla 401',
    });
    expect(answer({ failure: 'timeout' })).toEqual({ ok: false, text: 'Sentinel ei vastannut 5 sekunnissa' });
    expect(answer({ failure: 'refused' })).toEqual({
      ok: false,
      text: 'tämä Sentinel-osoite ei ole sallittu',
    });
    expect(answer({ failure: 'network' })).toEqual({ ok: false, text: 'Sentineliin ei saatu yhteyttä' });
    expect(resultOfError(t, new ApiRequestError('network', 0, 0, null))).toEqual({
      ok: false,
      text: 'palvelimeen ei saatu yhteyttä',
    });
    expect(resultOfError(t, new ApiRequestError('http', 429, 429, 'busy'))).toEqual({
      ok: false,
      text: 'testisoitto on jo käynnissä',
    });
    expect(resultOfError(t, new ApiRequestError('http', 403, 403, 'no'))).toEqual({
      ok: false,
      text: 'et voi testata tämän tilin Sentinel-yhteyttä',
    });
    expect(i18n.t('sentinel.error', { text: 'x' })).toBe('Virhe: x');
  });
});
