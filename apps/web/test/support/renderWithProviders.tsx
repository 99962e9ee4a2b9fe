import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { i18n } from '../../src/i18n/i18n';
import { theme } from '../../src/app/theme';

/** A component alone, with translations and the theme but no server. */
export function renderWithProviders(ui: ReactNode) {
  // No timer between keys and clicks (user-event waits one by default): what React draws in between
  // the tests wait for with findBy and waitFor; typing a form was a tenth of some files' time.
  const user = userEvent.setup({ delay: null });
  return {
    ...render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <MemoryRouter>{ui}</MemoryRouter>
        </ThemeProvider>
      </I18nextProvider>,
    ),
    user,
  };
}
