import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { reducedMotionTheme, theme } from './theme';
import { useScreenQuery } from '../lib/useScreenQuery';

/**
 * MUI's theme and baseline, for the logged-in shell and every page under it. They load with the
 * lazy shell, so MUI and Emotion stay out of the entry (login page, auth gate: plain CSS). Without
 * motion when the system asks for less (theme.ts), following the setting while the app is open.
 */
export function ShellTheme({ children }: { children: ReactNode }) {
  const reduceMotion = useScreenQuery('(prefers-reduced-motion: reduce)');
  return (
    <ThemeProvider theme={reduceMotion ? reducedMotionTheme() : theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
