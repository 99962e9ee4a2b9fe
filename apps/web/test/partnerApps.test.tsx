import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';

const slow = { timeout: 8000 };

beforeAll(async () => {
  await import('../src/features/partner-apps/PartnerEntryPage');
  await import('../src/features/partner-apps/SupportPage');
  await import('../src/features/account/AccountPage');
});

async function logIn(user: ReturnType<typeof renderApp>['user'], password: string) {
  await user.type(await screen.findByLabelText(/Username/, undefined, slow), 'farmer');
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByTestId('partner-login-submit'));
}

// Issue 33 item 5 (decision 0116): the partner-app users' entry pages, spec doc 1 §2 /gari, /haytechapp.
describe('/haytechapp and /gari', { timeout: 40_000 }, () => {
  it('/haytechapp says what the product is for hay-app users, what they do not find, and logs them in', async () => {
    const server = createFakeServer({ loggedIn: false, session: { partnerApp: 'haytech' } });
    const app = renderApp('/haytechapp', server);
    expect(
      await screen.findByRole('heading', { name: 'Emberwatch for Haytech app users' }, slow),
    ).toBeTruthy();
    expect(screen.getByText(/Your account, subscription and storages stay in the Haytech app/)).toBeTruthy();
    expect(screen.getByText(/activate your base station and probes with the code/)).toBeTruthy();
    expect(screen.getByTestId('support-hay').getAttribute('href')).toBe('/SAV-hay');
    await logIn(app.user, 'secret');
    // "/" leads a hay-app user to the probes.
    await waitFor(() => expect(app.location()).toBe('/probes'), slow);
    expect(server.callsTo('POST', '/admin/login')[0]?.body).toEqual({
      username: 'farmer',
      password: 'secret',
    });
  });

  it('/gari speaks to Gari users, says a wrong password in words and stays', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/gari', server);
    expect(await screen.findByRole('heading', { name: 'Emberwatch for Gari users' }, slow)).toBeTruthy();
    expect(screen.getByText(/stay with your Gari service/)).toBeTruthy();
    await app.user.click(screen.getByTestId('partner-login-submit'));
    expect((await screen.findByTestId('partner-login-error')).textContent).toBe(
      'Enter your username and password.',
    );
    await logIn(app.user, 'wrong');
    await waitFor(() =>
      expect(screen.getByTestId('partner-login-error').textContent).toBe('Wrong username or password.'),
    );
    expect(app.location()).toBe('/gari');
  });

  it('sends a logged-in user on into the app', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/gari', server);
    await waitFor(() => expect(app.location()).toBe('/probes'), slow);
  });
});

// Decision 0118: /SAV-{product} for hay, grain and compost; a login that comes back to the page.
describe('/SAV-{product}', { timeout: 40_000 }, () => {
  it("shows the product's support content and a login that returns to the page", async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/SAV-grain', server);
    expect(await screen.findByRole('heading', { name: 'Support for grain probes' }, slow)).toBeTruthy();
    expect(screen.getByText(/A slow rise of a few degrees/)).toBeTruthy();
    expect(screen.queryByTestId('support-grain')).toBeNull();
    expect(screen.getByTestId('support-login').getAttribute('href')).toBe('/login?redirect=%2FSAV-grain');
    await app.user.click(screen.getByTestId('support-login'));
    await app.user.type(await screen.findByLabelText('Username'), 'farmer');
    await app.user.type(screen.getByLabelText('Password'), 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.location()).toBe('/SAV-grain'), slow);
    expect((await screen.findByTestId('support-logged-in', undefined, slow)).textContent).toContain(
      'You are logged in as',
    );
  });

  it('says clearly that an unknown product has no support page, and which do', async () => {
    const server = createFakeServer({ loggedIn: false });
    renderApp('/SAV-straw', server);
    expect(await screen.findByRole('heading', { name: 'No support page for “straw”' }, slow)).toBeTruthy();
    expect(screen.getByText('Support pages exist for hay, grain and compost probes.')).toBeTruthy();
    expect(screen.getByTestId('support-compost').getAttribute('href')).toBe('/SAV-compost');
  });
});

// Spec doc 1 §2 side menu: no account, storages or batches for gari and hay-app users (decision 0116).
describe('the partner users’ barred areas', { timeout: 40_000 }, () => {
  it.each([
    ['haytech', '/account/users'],
    ['gari', '/storages/17'],
    ['haytech', '/batches/4'],
  ] as const)('a %s user opening %s is sent to the probes', async (partnerApp, path) => {
    const server = createFakeServer({ loggedIn: true, session: { partnerApp } });
    const page = renderPage(path, server);
    await waitFor(() => expect(page.location()).toBe('/probes'), slow);
  });

  it('a regular user keeps the account area', async () => {
    const server = createFakeServer({ loggedIn: true });
    const page = renderPage('/account/users', server);
    await waitFor(() => expect(page.location()).toBe('/account/users'), slow);
    await screen.findByRole('tab', { name: /Users/ }, slow);
    expect(page.location()).toBe('/account/users');
  });
});
