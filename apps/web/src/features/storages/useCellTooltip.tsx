import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Popper from '@mui/material/Popper';
import Box from '@mui/material/Box';

/** MUI's tooltip waits this long under the mouse before it opens (its `enterDelay`); so does a cell's. */
export const CELL_TOOLTIP_DELAY_MS = 100;

/** A focus or mouse event this soon after a press on the cell comes from that press. */
const PRESS_MS = 1000;

const POPPER_MODIFIERS = [{ name: 'offset', options: { offset: [0, 8] } }];

/**
 * A layout cell's tooltip (its name and every depth; `title` is asked for only while it is open):
 * shown on hover, on keyboard focus, or by a first tap on a phone (the caller opens it then), and hidden
 * on leaving, blur or Escape — as MUI's Tooltip does, but drawn only while it is open. A storage draws
 * a cell per probe, and a MUI Tooltip per cell was the largest part of taking a storage page over: each
 * keeps its element in state, so every cell was drawn a second time, at once, right after the page was
 * taken over (some 300 ms here for a storage of the demo farm, four times that on a phone).
 */
export function useCellTooltip(title: () => ReactNode) {
  // The cell it is open for; closed while null.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The kind of the last pointer pressed on the cell ('touch', 'mouse', 'pen'), and when. */
  const lastPointer = useRef<string>('mouse');
  const pressedAt = useRef(Number.NEGATIVE_INFINITY);
  /** Whether a press just now is what moved the focus or the mouse here (a tap's mouse events follow it). */
  const byPress = () => performance.now() - pressedAt.current < PRESS_MS;
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (element: HTMLElement) => {
    clearTimeout(timer.current);
    setAnchor(element);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };

  /** Handlers and the description for the cell's element. */
  const anchorProps = {
    'aria-describedby': open ? id : undefined,
    onMouseEnter: (e: React.MouseEvent<HTMLElement>) => {
      // A tap's emulated mouse: the tap itself decides (the caller's first-tap rule).
      if (lastPointer.current === 'touch' && byPress()) return;
      const element = e.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => show(element), CELL_TOOLTIP_DELAY_MS);
    },
    onMouseLeave: hide,
    onPointerDown: (e: React.PointerEvent) => {
      lastPointer.current = e.pointerType;
      pressedAt.current = performance.now();
    },
    onFocus: (e: React.FocusEvent<HTMLElement>) => {
      // The keyboard's focus, not a press's (a tap opens it by the caller's rule, a click goes to the
      // probe). MUI's Tooltip asks the browser's :focus-visible, which not every test environment answers.
      if (!byPress()) show(e.currentTarget);
    },
    onBlur: hide,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    },
  };

  const popup =
    // MUI's Popper is the tooltip element (role "tooltip").
    anchor ? (
      <Popper
        id={id}
        open
        anchorEl={anchor}
        placement="top"
        modifiers={POPPER_MODIFIERS}
        sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}
      >
        <Box
          sx={{
            bgcolor: 'rgba(97, 97, 97, 0.92)',
            color: 'common.white',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            fontSize: '0.6875rem',
            fontWeight: 500,
            lineHeight: 1.4,
            maxWidth: 300,
            overflowWrap: 'break-word',
          }}
        >
          {title()}
        </Box>
      </Popper>
    ) : null;

  return { open, show, lastPointer, anchorProps, popup };
}
