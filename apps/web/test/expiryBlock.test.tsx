import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { bsConf, station } from './support/fixtures';
import { premium } from './support/probeDetailFakes';

function server(opts: { planExpired?: boolean; simExpired?: boolean; admin?: boolean } = {}) {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans: [{ ...premium, expired: opts.planExpired ?? false }], service: null },
    session: { admin: opts.admin ?? false },
    stations: [station('F1000001', { display_name: 'Barn' })],
  });
  const nowS = Math.floor(Date.now() / 1000);
  s.override('GET /client/bsConf', (c) =>
    json(
      bsConf(c.query.get('basestationID') ?? '', {
        sim_exp_date: opts.simExpired ? nowS - 3600 : nowS + 86_400,
      }),
    ),
  );
  return s;
}

describe('the blocking renewal dialog (spec doc 2 §4)', { timeout: 20_000 }, () => {
  it('stops a user whose plan has expired, and cannot be dismissed; Renew leads to the checkout', async () => {
    const { user, location } = renderApp('/probes', server({ planExpired: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Your plan has expired' }, { timeout: 8000 });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your plan has expired' })).toBeTruthy();
    await user.click(within(dialog).getByRole('link', { name: 'Renew' }));
    await waitFor(() => expect(location()).toBe('/account/services/checkout/'));
    // The account pages, where the renewal happens, are not blocked.
    await waitFor(() => expect(screen.queryByTestId('expiry-block')).toBeNull());
  });

  it('names the station whose SIM has expired and renews the SIM', async () => {
    const { user, location } = renderApp('/probes', server({ simExpired: true }));
    const dialog = await screen.findByRole('dialog', { name: 'The SIM card has expired' }, { timeout: 8000 });
    expect(dialog.textContent).toContain('base station Barn has expired');
    await user.click(within(dialog).getByRole('link', { name: 'Renew' }));
    await waitFor(() => expect(location()).toBe('/account/services/checkout/?type=sim'));
  });

  it('does not stop a user whose plan and SIM run', async () => {
    renderApp('/probes', server());
    await screen.findByTestId('menu-button', undefined, { timeout: 8000 });
    expect(screen.queryByTestId('expiry-block')).toBeNull();
  });

  it('does not stop an admin', async () => {
    renderApp('/probes', server({ planExpired: true, simExpired: true, admin: true }));
    await screen.findByTestId('menu-button', undefined, { timeout: 8000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('expiry-block')).toBeNull();
  });
});
