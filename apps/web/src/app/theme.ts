import { createTheme } from '@mui/material/styles';

/** Ember colours: a dark rust bar, a warm orange accent; highlights keep enough contrast outdoors on a phone. */
export const theme = createTheme({
  palette: {
    primary: { main: '#9a3412', dark: '#7c2d12', light: '#c2410c', contrastText: '#fff' },
    secondary: { main: '#f59e0b' },
    background: { default: '#faf7f5' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Sentence case reads better than capitals in the longer German and Finnish labels.
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
