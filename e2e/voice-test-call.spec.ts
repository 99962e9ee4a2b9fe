import { expect, test } from './support/test.js';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

// Issue 33 item 6 (decision 0120): on the Alert channels page the owner presses "Test call to my
// phone"; with the phone not yet confirmed, the call is refused and says how to fix it. The number is
// never sent by the browser. Staff switch the account's voice calls on first and off again after.
test('a grain farmer asks for a voice test call and is told to confirm his phone first', async ({
  page,
  request,
}) => {
  const adminLogin = await request.post('/admin/login', {
    data: { username: demoUsers.admin, password: demoPassword },
  });
  expect(adminLogin.ok()).toBe(true);
  const headers = {
    Authorization: `Bearer ${((await adminLogin.json()) as { accessToken: string }).accessToken}`,
  };
  const grainLogin = await request.post('/admin/login', {
    data: { username: demoUsers.grain, password: demoPassword },
  });
  const { UID } = (await grainLogin.json()) as { UID: number };
  const setVoice = (voiceCallEnabled: boolean) =>
    request.post('/admin/setVoiceCalls', { headers, data: { UID, voiceCallEnabled } });
  expect((await setVoice(true)).ok()).toBe(true);
  try {
    await keepAutoOpenClosed(page, request, demoUsers.grain);
    await page.goto('/account/alerts');
    await page.getByLabel('Username', { exact: true }).fill(demoUsers.grain);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    const voice = page.getByTestId('alert-channels-voice');
    await expect(voice.getByText('Voice calls are on for this account.')).toBeVisible();
    const asked = page.waitForRequest((r) => r.url().endsWith('/voice/testCall') && r.method() === 'POST');
    await voice.getByRole('button', { name: 'Test call to my phone' }).click();
    expect((await asked).postDataJSON()).toEqual({});
    await expect(voice.getByTestId('voice-test-result')).toContainText('Confirm your phone number');
  } finally {
    await setVoice(false);
  }
});
