import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createFakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';

function serverWith(degrees: 'C' | 'F', language: 'en' | 'fi' = 'en') {
  const server = createFakeServer({ loggedIn: true });
  server.state.session.ui_preferences = { ...server.state.session.ui_preferences, degrees, language };
  return server;
}

describe('the instructions page', () => {
  it('quotes its guide temperatures in °C for a Celsius user', async () => {
    renderPage('/instructions', serverWith('C'));
    expect(
      await screen.findByText(
        'Up to 50 °C is normal sweating. From 55 °C check the stack twice a day and open it up so air can circulate.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/below about 15 °C, and aerate when the outside air is at least 5 °C cooler/),
    ).toBeTruthy();
  });

  it('follows the unit: °F for a Fahrenheit user, a difference converted as a difference', async () => {
    renderPage('/instructions', serverWith('F'));
    expect(
      await screen.findByText(
        'Up to 122 °F is normal sweating. From 131 °F check the stack twice a day and open it up so air can circulate.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^From 149 °F there is a risk of fire/)).toBeTruthy();
    expect(
      screen.getByText(/below about 59 °F, and aerate when the outside air is at least 9 °F cooler/),
    ).toBeTruthy();
    expect(screen.getByText(/rises above 158 °F, so the microbes/)).toBeTruthy();
    expect(screen.getByRole('main').textContent).not.toContain('°C');
  });

  it('keeps the case endings of a language that inflects the unit', async () => {
    renderPage('/instructions', serverWith('F', 'fi'));
    expect(await screen.findByText(/^122 °F:seen asti kyse on normaalista hikoilusta/)).toBeTruthy();
  });
});
