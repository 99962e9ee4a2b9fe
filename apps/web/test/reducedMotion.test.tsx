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

  it('opens and closes dialogs and menus at once, and presses without a ripple, when the system asks for less motion', () => {
    systemAsksForLessMotion(true);
    render(
      <ShellTheme>
        <Durations />
      </ShellTheme>,
    );
    expect(screen.getByTestId('leaving').textContent).toBe('0');
    expect(screen.getByTestId('entering').textContent).toBe('0');
    expect(screen.getByTestId('fade').textContent).toBe('none');
    expect(screen.getByTestId('ripple-off').textContent).toBe('true');
  });

  it("keeps MUI's transitions and ripples otherwise", () => {
    systemAsksForLessMotion(false);
    render(
      <ShellTheme>
        <Durations />
      </ShellTheme>,
    );
    expect(screen.getByTestId('leaving').textContent).toBe('195');
    expect(screen.getByTestId('entering').textContent).toBe('225');
    expect(screen.getByTestId('fade').textContent).toContain('opacity');
    expect(screen.getByTestId('ripple-off').textContent).toBe('false');
  });
});
