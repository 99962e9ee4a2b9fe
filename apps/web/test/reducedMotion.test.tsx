import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { ShellTheme } from '../src/app/ShellTheme';

function Durations() {
  const t = useTheme();
  return (
    <>
      <p data-testid="leaving">{t.transitions.duration.leavingScreen}</p>
      <p data-testid="entering">{t.transitions.duration.enteringScreen}</p>
      <p data-testid="fade">{t.transitions.create('opacity')}</p>
      <p data-testid="ripple-off">
        {String(t.components?.MuiButtonBase?.defaultProps?.disableRipple ?? false)}
      </p>
    </>
  );
}

const askedFor = window.matchMedia.bind(window);
/** The system's setting as the browser reports it; every other query matches nothing (a wide screen). */
function systemAsksForLessMotion(reduce: boolean) {
  window.matchMedia = (query: string) => ({
    ...askedFor(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  });
}

describe('motion follows the system setting (prefers-reduced-motion)', () => {
  afterEach(() => {
    window.matchMedia = askedFor;
  });

  it.each([
    {
      when: 'opens and closes dialogs and menus at once, and presses without a ripple, when the system asks for less motion',
      reduce: true,
      want: { leaving: '0', entering: '0', fade: 'none', rippleOff: 'true' },
    },
    {
      when: "keeps MUI's transitions and ripples otherwise",
      reduce: false,
      want: {
        leaving: '195',
        entering: '225',
        fade: 'opacity 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms',
        rippleOff: 'false',
      },
    },
  ])('$when', ({ reduce, want }) => {
    systemAsksForLessMotion(reduce);
    render(
      <ShellTheme>
        <Durations />
      </ShellTheme>,
    );
    expect({
      leaving: screen.getByTestId('leaving').textContent,
      entering: screen.getByTestId('entering').textContent,
      fade: screen.getByTestId('fade').textContent,
      rippleOff: screen.getByTestId('ripple-off').textContent,
    }).toEqual(want);
  });
});
