import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

const ok = () => json({ status_code: 0 });

describe('forgotten password or username', () => {
  it('is reached from the login page', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/login', server);
    await app.user.click(await screen.findByRole('link', { name: 'Forgot your password or username?' }));
    await waitFor(() => expect(app.location()).toBe('/login/recover'));
    expect(await screen.findByRole('heading', { name: 'Forgotten password or username' })).toBeTruthy();
  });

  it('sends a code for the username, then sets the new password with it', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('GET /client/getPasswordCodeByUsername', ok);
    server.override('POST /client/resetPassword', ok);
    const app = renderApp('/login/recover', server);

    await app.user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your username.');
    expect(server.callsTo('GET', '/client/getPasswordCodeByUsername')).toHaveLength(0);

    await app.user.type(screen.getByLabelText('Username'), ' farmer ');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/a code is on its way/);
    expect(server.callsTo('GET', '/client/getPasswordCodeByUsername')[0]?.query.get('username')).toBe(
      'farmer',
    );

    await app.user.type(screen.getByLabelText('Code'), '12');
    await app.user.type(screen.getByLabelText('New password'), 'new-secret');
    await app.user.type(screen.getByLabelText('Confirm the new password'), 'new-secret');
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).not.toMatch(/on its way/);
    expect(server.callsTo('POST', '/client/resetPassword')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText('Code'));
    await app.user.type(screen.getByLabelText('Code'), '1234');
    await app.user.clear(screen.getByLabelText('Confirm the new password'));
    await app.user.type(screen.getByLabelText('Confirm the new password'), 'other');
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passwords do not match.');

    await app.user.clear(screen.getByLabelText('Confirm the new password'));
    await app.user.type(screen.getByLabelText('Confirm the new password'), 'new-secret');
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }));
    // While the change is on its way the page still says the code was sent: wait for the answer's text.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your password has been changed. Log in with the new password.',
      ),
    );
    expect(server.callsTo('POST', '/client/resetPassword')[0]?.body).toEqual({
      username: 'farmer',
      code: '1234',
      newPassword: 'new-secret',
    });
    await app.user.click(screen.getByRole('link', { name: 'Back to login' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('says a wrong code is wrong, and a refusal for too many attempts with its wait', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('GET /client/getPasswordCodeByUsername', ok);
    let resets = 0;
    server.override('POST /client/resetPassword', () =>
      ++resets === 1
        ? json({ status_code: 2, message: 'The code is wrong or has expired.' }, 400)
        : new Response(JSON.stringify({ status_code: 429, message: 'Too many attempts.' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '120' },
          }),
    );
    const app = renderApp('/login/recover', server);
    await app.user.type(await screen.findByLabelText('Username'), 'farmer');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await app.user.type(await screen.findByLabelText('Code'), '9999');
    await app.user.type(screen.getByLabelText('New password'), 'new-secret');
    await app.user.type(screen.getByLabelText('Confirm the new password'), 'new-secret');
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }));
    // The "code sent" notice is an alert too, until the answer replaces it.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The code is wrong or has expired.'),
    );
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Please wait 2 minutes/));
  });

  it('sends the usernames of a confirmed phone, after checking the number', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('GET /client/getUsernameSMS', ok);
    const app = renderApp('/login/recover', server);
    await app.user.click(await screen.findByRole('button', { name: 'Username' }));
    const field = () => screen.getByLabelText('Phone number or e-mail address');
    await app.user.type(field(), '123');
    await app.user.click(screen.getByRole('button', { name: 'Send my usernames' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(server.callsTo('GET', '/client/getUsernameSMS')).toHaveLength(0);
    await app.user.clear(field());
    await app.user.type(field(), '+358 40 123 4567');
    await app.user.click(screen.getByRole('button', { name: 'Send my usernames' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/usernames are on their way/);
    expect(server.callsTo('GET', '/client/getUsernameSMS')[0]?.query.get('phone')).toBe('+358 40 123 4567');
  });

  it('mails the usernames of an e-mail address, after checking it', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('GET /client/getUsernameEmail', ok);
    const app = renderApp('/login/recover', server);
    await app.user.click(await screen.findByRole('button', { name: 'Username' }));
    const field = () => screen.getByLabelText('Phone number or e-mail address');
    await app.user.type(field(), 'farmer@');
    await app.user.click(screen.getByRole('button', { name: 'Send my usernames' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail address is not valid.');
    expect(server.callsTo('GET', '/client/getUsernameEmail')).toHaveLength(0);
    await app.user.type(field(), 'example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send my usernames' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/on their way by e-mail/));
    expect(server.callsTo('GET', '/client/getUsernameEmail')[0]?.query.get('email')).toBe(
      'farmer@example.com',
    );
    expect(server.callsTo('GET', '/client/getUsernameSMS')).toHaveLength(0);
  });

  it('sends a logged-in user on to the app', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/login/recover', server);
    await waitFor(() => expect(app.location()).not.toBe('/login/recover'));
  });
});
