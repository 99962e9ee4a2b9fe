import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('logging in', () => {
  it('sends an anonymous visitor of a protected page to /login with the page to return to', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/probes?sort=name', server);
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fprobes%3Fsort%3Dname'));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('returns the user to the redirect target after a successful login', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/login?redirect=%2Finstructions', server);
    await fillAndSubmit(app.user, 'farmer', 'secret');
    await waitFor(() => expect(app.location()).toBe('/instructions'));
    expect(await screen.findByText('Hay')).toBeTruthy();
    const login = server.callsTo('POST', '/admin/login')[0];
    expect(login?.body).toEqual({ username: 'farmer', password: 'secret' });
    // Credentials travel in the body of a POST, never in the URL.
    expect(login?.query.toString()).toBe('');
  });

  it('ignores an off-site redirect and opens the app instead', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/login?redirect=https%3A%2F%2Fevil.example%2Fphish', server);
    await fillAndSubmit(app.user, 'farmer', 'secret');
    await waitFor(() => expect(app.location()).toBe('/probes'));
  });

  it('sends a user who is already logged in straight on from /login to the redirect target', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/login?redirect=%2Finstructions', server);
    await waitFor(() => expect(app.location()).toBe('/instructions'));
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('restores the session from the refresh cookie when the app starts', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/probes', server);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Probes' })).toBeTruthy());
    expect(app.location()).toBe('/probes');
    expect(server.callsTo('POST', '/admin/refreshToken')[0]?.credentials).toBe('include');
    expect(server.callsTo('GET', '/client/getSessionInfo')[0]?.authorization).toMatch(/^Bearer token-/);
  });

  it('says so when the username or password is wrong', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/login', server);
    await fillAndSubmit(app.user, 'farmer', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(app.location()).toBe('/login');
  });

  it('says in the user’s language, not the server’s English, that logging in is rate limited', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('POST /admin/login', () =>
      json({ status_code: 429, error: 'Too many login attempts, retry in 60 s' }, 429),
    );
    const app = renderApp('/login', server);
    await fillAndSubmit(app.user, 'farmer', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('says how long to wait when the server sends Retry-After', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override(
      'POST /admin/login',
      () =>
        new Response(JSON.stringify({ status_code: 429, error: 'Too many failed login attempts.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        }),
    );
    const app = renderApp('/login', server);
    await fillAndSubmit(app.user, 'farmer', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 2 minutes and try again.',
    );
  });

  it('tells the user the server cannot be reached when the network fails', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('POST /admin/login', () => Promise.reject(new TypeError('Failed to fetch')));
    const app = renderApp('/login', server);
    await fillAndSubmit(app.user, 'farmer', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
  });

  it("shows the spec's generic error with the status on an unexpected server failure", async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('POST /admin/login', () => json({ status_code: 500, error: 'boom' }, 500));
    const app = renderApp('/login', server);
    await fillAndSubmit(app.user, 'farmer', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Oops - an error occured. - Status=500');
  });

  it('disables the button and says so while the credentials are checked', async () => {
    const server = createFakeServer({ loggedIn: false });
    let answer: (r: Response) => void = () => undefined;
    server.override('POST /admin/login', () => new Promise<Response>((r) => (answer = r)));
    const app = renderApp('/login', server);
    await fillAndSubmit(app.user, 'farmer', 'wrong');
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Logging in…' });
    expect(button.disabled).toBe(true);
    answer(json({ status_code: 401, error: 'Wrong username or password' }, 401));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in' }).disabled).toBe(false);
  });

  it('asks for both fields before calling the server', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/login', server);
    await app.user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your username and password.');
    expect(server.callsTo('POST', '/admin/login')).toHaveLength(0);
  });

  it('returns to /login with a message when the initial data cannot be loaded', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('GET /client/getSessionInfo', () => json({ status_code: 500, error: 'db down' }, 500));
    const app = renderApp('/probes', server);
    await waitFor(() => expect(app.location()).toMatch(/^\/login/));
    expect(await screen.findByText('Your data could not be loaded. Please log in again.')).toBeTruthy();
  });
});
