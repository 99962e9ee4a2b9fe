import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import Modal from '@mui/material/Modal';
import Tooltip from '@mui/material/Tooltip';
import { autoOpenDecision, type AutoOpenInput } from '../src/lib/autoOpenDecision';
import { AUTO_OPEN_MEMORY_KEY, readAutoOpenMemory, rememberAutoOpen } from '../src/lib/autoOpenMemory';
import { anyDialogOpen } from '../src/lib/openDialogs';
import { useAutoOpen } from '../src/lib/useAutoOpen';
import { forgetDrawnPageShown, rememberDrawnPageShown } from '../src/lib/drawnPageShown';
import { renderToString } from 'react-dom/server';

// Issue 28 item 7: windows that open by itself open once, after 2 s, unless closed before in the
// session, and never over another dialog (spec doc 1 §4, doc 3 §4; decision 0077).

const due: AutoOpenInput = {
  memory: 'none',
  userActed: false,
  wanted: true,
  elapsedMs: 2000,
  delayMs: 2000,
  otherDialogOpen: false,
};

describe('autoOpenDecision', () => {
  it.each<[string, Partial<AutoOpenInput>, ReturnType<typeof autoOpenDecision>]>([
    ['due, wanted, nothing in the way', {}, 'open'],
    ['long after its delay', { elapsedMs: 60_000 }, 'open'],
    ['a window without delay, at once', { elapsedMs: 0, delayMs: 0 }, 'open'],
    ['before its 2 s', { elapsedMs: 1999 }, 'wait'],
    ['at load', { elapsedMs: 0 }, 'wait'],
    ['another dialog open when due', { otherDialogOpen: true }, 'wait'],
    ['another dialog open before it is due', { elapsedMs: 500, otherDialogOpen: true }, 'wait'],
    ['closed before in this session', { memory: 'closed' }, 'never'],
    [
      'closed before, even with nothing in the way and long due',
      { memory: 'closed', elapsedMs: 9e9 },
      'never',
    ],
    ['already opened by itself in this session (a reload, another page)', { memory: 'opened' }, 'never'],
    ['the user clicked or typed meanwhile', { userActed: true }, 'never'],
    ['the user acted while another dialog held it', { userActed: true, otherDialogOpen: true }, 'never'],
    ['nothing to show', { wanted: false }, 'never'],
    ['nothing to show, not yet due', { wanted: false, elapsedMs: 0 }, 'never'],
    ['closed before while another dialog is open', { memory: 'closed', otherDialogOpen: true }, 'never'],
  ])('%s → %s', (_case, input, decision) => {
    expect(autoOpenDecision({ ...due, ...input })).toBe(decision);
  });
});

describe('the session memory of windows that open by itself', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('remembers per window and account; a close is never undone by an open', () => {
    expect(readAutoOpenMemory(7, 'notifications')).toBe('none');
    rememberAutoOpen(7, 'notifications', 'opened');
    expect(readAutoOpenMemory(7, 'notifications')).toBe('opened');
    expect(readAutoOpenMemory(7, 'masterRequests')).toBe('none');
    rememberAutoOpen(7, 'notifications', 'closed');
    rememberAutoOpen(7, 'notifications', 'opened');
    expect(readAutoOpenMemory(7, 'notifications')).toBe('closed');
  });

  it('lives in session storage, so a reload keeps it; another login in the tab starts afresh', () => {
    rememberAutoOpen(7, 'notifications', 'closed');
    expect(JSON.parse(sessionStorage.getItem(AUTO_OPEN_MEMORY_KEY)!)).toEqual({
      uid: 7,
      windows: { notifications: 'closed' },
    });
    expect(readAutoOpenMemory(8, 'notifications')).toBe('none');
    rememberAutoOpen(8, 'masterRequests', 'opened');
    expect(readAutoOpenMemory(8, 'masterRequests')).toBe('opened');
    expect(readAutoOpenMemory(7, 'notifications')).toBe('none');
  });

  it.each(['not json', 'null', '{"uid":"7","windows":{}}', '{"uid":7}', '{"uid":7,"windows":{"x":"maybe"}}'])(
    'reads a damaged record %s as nothing remembered',
    (raw) => {
      sessionStorage.setItem(AUTO_OPEN_MEMORY_KEY, raw);
      expect(readAutoOpenMemory(7, 'x')).toBe('none');
    },
  );
});

describe('what counts as another dialog', () => {
  it('an open MUI dialog, a non-modal dialog panel; not a closed modal kept mounted, nor a tooltip', async () => {
    const { rerender } = render(
      <Modal open={false} keepMounted>
        <div>kept</div>
      </Modal>,
    );
    expect(anyDialogOpen()).toBe(false);
    rerender(
      <Tooltip title="tip" open>
        <button type="button">b</button>
      </Tooltip>,
    );
    await screen.findByRole('tooltip');
    expect(anyDialogOpen()).toBe(false);
    rerender(<div role="dialog" aria-label="panel" />);
    expect(anyDialogOpen()).toBe(true);
    rerender(
      <Dialog open>
        <p>modal</p>
      </Dialog>,
    );
    expect(anyDialogOpen()).toBe(true);
  });
});

/** A window that opens by itself, as the features use it; its state on its button like theirs. */
function AutoWindow({
  wanted = true,
  delayMs = 2000,
  uid = 7,
  onOpen,
}: {
  wanted?: boolean;
  delayMs?: number;
  uid?: number;
  onOpen: () => void;
}) {
  const auto = useAutoOpen({ name: 'w', uid, ready: true, wanted, delayMs, onOpen });
  return (
    <button type="button" data-testid="w" data-auto-open={auto.state} onClick={auto.closed}>
      w
    </button>
  );
}

const stateOf = () => screen.getByTestId('w').getAttribute('data-auto-open');

describe('useAutoOpen', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('opens once, 2 s after its data arrived; a reload does not open it again', () => {
    const onOpen = vi.fn();
    const first = render(<AutoWindow onOpen={onOpen} />);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(onOpen).not.toHaveBeenCalled();
    expect(stateOf()).toBe('pending');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(stateOf()).toBe('opened');
    expect(readAutoOpenMemory(7, 'w')).toBe('opened');
    first.unmount();

    const again = vi.fn();
    render(<AutoWindow onOpen={again} />);
    expect(stateOf()).toBe('off');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(again).not.toHaveBeenCalled();
  });

  it('once closed, stays closed on the next page', () => {
    const onOpen = vi.fn();
    const first = render(<AutoWindow onOpen={onOpen} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    // The window's Close (a click, which is also the user acting: nothing more opens on this page).
    fireEvent.click(screen.getByTestId('w'));
    expect(readAutoOpenMemory(7, 'w')).toBe('closed');
    first.unmount();
    render(<AutoWindow onOpen={onOpen} />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(stateOf()).toBe('off');
  });

  it('waits while another dialog is open, and opens when it is gone', async () => {
    const onOpen = vi.fn();
    const { rerender } = render(
      <>
        <AutoWindow onOpen={onOpen} />
        <div role="dialog" aria-label="other" />
      </>,
    );
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onOpen).not.toHaveBeenCalled();
    expect(stateOf()).toBe('held');
    expect(readAutoOpenMemory(7, 'w')).toBe('none');
    // Gone without a click or a key (it closed itself, or the page changed under it).
    await act(async () => {
      rerender(<AutoWindow onOpen={onOpen} />);
      await Promise.resolve();
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(stateOf()).toBe('opened');
  });

  it('is left to its button when the user clicks or types before it is due, or while it is held', () => {
    const onOpen = vi.fn();
    const first = render(<AutoWindow onOpen={onOpen} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.pointerDown(document.body);
    expect(stateOf()).toBe('off');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onOpen).not.toHaveBeenCalled();
    // Not remembered: the next page load may still open it.
    expect(readAutoOpenMemory(7, 'w')).toBe('none');
    first.unmount();

    render(
      <>
        <AutoWindow onOpen={onOpen} />
        <div role="dialog" aria-label="other" />
      </>,
    );
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(stateOf()).toBe('held');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(stateOf()).toBe('off');
  });

  describe('on a page the server drew (decision 0175)', () => {
    afterEach(() => {
      forgetDrawnPageShown();
      delete (window as { __ewTaps?: unknown }).__ewTaps;
    });

    /** Takes over the window as the server drew it, `shownMsAgo` after the drawn page was on screen. */
    function takeOver(onOpen: () => void, shownMsAgo: number, acted = false) {
      rememberDrawnPageShown(Date.now() - shownMsAgo);
      (window as { __ewTaps?: unknown }).__ewTaps = { kept: [], typed: [], acted, wake: () => {} };
      const container = document.createElement('div');
      document.body.append(container);
      container.innerHTML = renderToString(<AutoWindow onOpen={onOpen} />);
      return render(<AutoWindow onOpen={onOpen} />, { container, hydrate: true });
    }

    it('counts its 2 s from when the drawn page was on screen, not from the take-over', () => {
      const onOpen = vi.fn();
      takeOver(onOpen, 1500);
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(onOpen).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onOpen).toHaveBeenCalledTimes(1);
    });

    it('opens at once when the take-over came after its 2 s', () => {
      const onOpen = vi.fn();
      takeOver(onOpen, 2600);
      expect(onOpen).toHaveBeenCalledTimes(1);
      expect(stateOf()).toBe('opened');
    });

    it('is left to its button when the user pressed or typed on the drawn page', () => {
      const onOpen = vi.fn();
      takeOver(onOpen, 500, true);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(onOpen).not.toHaveBeenCalled();
      expect(stateOf()).toBe('off');
    });

    it('drawn by the app itself, counts from its data as ever', () => {
      const onOpen = vi.fn();
      rememberDrawnPageShown(Date.now() - 1500);
      render(<AutoWindow onOpen={onOpen} />);
      act(() => {
        vi.advanceTimersByTime(1999);
      });
      expect(onOpen).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onOpen).toHaveBeenCalledTimes(1);
    });
  });

  it('does not open with nothing to show, and opens at once without a delay', () => {
    const onOpen = vi.fn();
    const first = render(<AutoWindow onOpen={onOpen} wanted={false} />);
    expect(stateOf()).toBe('off');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onOpen).not.toHaveBeenCalled();
    first.unmount();
    render(<AutoWindow onOpen={onOpen} delayMs={0} />);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
