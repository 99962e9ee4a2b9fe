import { createTheme, type Theme } from '@mui/material/styles';

/** Ember colours: a dark rust bar, a warm orange accent; highlights keep enough contrast outdoors on a phone. */
export const theme = createTheme({
  palette: {
    primary: { main: '#9a3412', dark: '#7c2d12', light: '#c2410c', contrastText: '#fff' },
    secondary: { main: '#f59e0b' },
    // MUI's orange warning (#ed6c02) reads 3.3:1 on white: too faint for warning chips and text
    // buttons (WCAG AA wants 4.5:1; decision 0138). This amber keeps the hue at 5:1.
    warning: { main: '#b45309', dark: '#92400e', light: '#d97706', contrastText: '#fff' },
    background: { default: '#faf7f5' },
  },
  components: {
    // A keyboard user sees where the focus is on every control (WCAG 2.4.7, decision 0138): MUI shows
    // it only as a faint ripple. The ring takes the control's own text colour, so it shows white on the
    // rust top bar and rust on the page; a filled button's ring sits outside it, in the bar's rust.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } },
      },
    },
    // At phone widths a field (a small select, a text field) is a finger's target: 44 px high at least.
    MuiInputBase: {
      styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minHeight: 44 } }) },
    },
    MuiButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          '&.MuiButton-contained.Mui-focusVisible': { outlineColor: t.palette.primary.main },
          [t.breakpoints.down('sm')]: { minHeight: 44 },
        }),
      },
    },
    // Phone widths: icon buttons and switch labels grow to the 44 px a gloved finger needs.
    MuiIconButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }),
      },
    },
    MuiFormControlLabel: {
      styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minHeight: 44 } }) },
    },
    // A disabled field's helper text still explains the setting (why it is off, what it would do):
    // MUI greys it to text.disabled (38 % black, 2.8:1), which no one reads in sunlight. The field
    // itself stays greyed; its explanation keeps secondary text's contrast (decision 0138).
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Sentence case reads better than capitals in the longer German and Finnish labels.
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

let reducedMotion: Theme | null = null;

/**
 * The theme for someone whose system asks for less motion (`prefers-reduced-motion`, WCAG 2.3.3): MUI's
 * transitions ignore that setting, so here dialogs, menus, drawers and collapses appear and leave at once
 * and buttons press without a ripple. A dizzy or distracted user in a barn loses nothing by it. Made when
 * first asked for: merging a second theme would cost every phone's start for the few who need it.
 */
export function reducedMotionTheme(): Theme {
  reducedMotion ??= createReducedMotionTheme();
  return reducedMotion;
}

const createReducedMotionTheme = () =>
  createTheme(theme, {
    transitions: {
      create: () => 'none',
      duration: {
        shortest: 0,
        shorter: 0,
        short: 0,
        standard: 0,
        complex: 0,
        enteringScreen: 0,
        leavingScreen: 0,
      },
    },
    components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  });
