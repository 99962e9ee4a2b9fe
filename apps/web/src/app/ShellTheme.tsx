import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * MUI's theme and baseline, for the logged-in shell and every page under it. They load with the
 * lazy shell, so MUI and Emotion stay out of the entry (login page, auth gate: plain CSS).
 */
export function ShellTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
