import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import {
  VOICE_TEST_REFUSAL,
  type GetAlertChannelsResponse,
  type VoiceTestCallResponse,
} from '@emberwatch/shared/contracts/alertChannels';
import { json } from './support/fakeServer';
import { accountPageServer, renderAccountPage } from './support/renderAccountPage';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const channels = (voiceCallEnabled: boolean): GetAlertChannelsResponse => ({
  status_code: 0,
  UID: 7,
  voiceCallEnabled,
  ownerPhoneComplete: true,
  sentinel: false,
  pushDevices: 0,
  rights: {
    changeVoice: false,
    readSentinel: true,
    setSentinel: true,
    rotateSentinel: true,
    testSentinel: true,
  },
});

/** The fake server of the Alert channels page, its voice test call answering `answers` in turn. */
function server(voiceOn: boolean, answers: Response[]) {
  const s = accountPageServer();
  s.override('POST /client/getAlertChannels', () => json(channels(voiceOn)));
  s.override('POST /voice/testCall', () => answers.shift() ?? json({ status_code: 500 }, 500));
  return s;
}

const sent: VoiceTestCallResponse = {
  status_code: 0,
  messageId: 41,
  status: 'sent',
  error: null,
  to: '+358••••••567',
  leftToday: 2,
};

describe('the voice test call on the Alert channels page (decision 0120)', () => {
  it('calls the user’s own phone and shows the masked number and the calls left', async () => {
    const s = server(true, [json(sent)]);
    const app = await renderAccountPage('/account/alerts', s);
    const voice = await screen.findByTestId('alert-channels-voice');
    await app.user.click(within(voice).getByRole('button', { name: 'Test call to my phone' }));
    expect(
      await within(voice).findByText('Calling +358••••••567 now. Test calls left today: 2.'),
    ).toBeTruthy();
    // Nothing names a number: the server calls the caller's own confirmed one.
    expect(s.callsTo('POST', '/voice/testCall').map((c) => c.body)).toEqual([{}]);
  });

  it('words each refusal: too soon with the wait, an unconfirmed phone, the provider’s failure', async () => {
    const s = server(true, [
      new Response(JSON.stringify({ status_code: VOICE_TEST_REFUSAL.tooSoon, error: 'Wait' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '100' },
      }),
      json({ status_code: VOICE_TEST_REFUSAL.noConfirmedPhone, error: 'Confirm' }, 409),
      json({ ...sent, status: 'failed', error: 'HTTP 400 (21211): invalid number' }),
    ]);
    const app = await renderAccountPage('/account/alerts', s);
    const voice = await screen.findByTestId('alert-channels-voice');
    const button = within(voice).getByRole('button', { name: 'Test call to my phone' });
    await app.user.click(button);
    expect(await within(voice).findByText('Wait 2 min before the next test call.')).toBeTruthy();
    await app.user.click(button);
    expect(await within(voice).findByText(/Confirm your phone number/)).toBeTruthy();
    await app.user.click(button);
    expect(
      await within(voice).findByText('The test call could not be placed: HTTP 400 (21211): invalid number'),
    ).toBeTruthy();
  });

  it('is not offered while the account’s voice calls are off', async () => {
    await renderAccountPage('/account/alerts', server(false, []));
    const voice = await screen.findByTestId('alert-channels-voice');
    expect(within(voice).getByText('Voice calls are off for this account.')).toBeTruthy();
    expect(within(voice).queryByTestId('voice-test-call')).toBeNull();
  });
});
