/** The panel's widest, and its distance from the window's edges, px. */
export const PANEL_WIDTH = 400;
export const PANEL_MARGIN = 8;

export interface PanelPosition {
  top: number;
  right: number;
  width: number;
}

/**
 * Where the notifications panel sits (decision 0159): under the bell, its right edge on the bell's,
 * as wide as PANEL_WIDTH or the window less a margin either side, and moved left or right only as far
 * as it takes to stay inside the window. The bell is in the sticky top bar, so the place is the
 * window's (the panel is fixed) and changes only when the window's width does.
 */
export function panelPosition(
  anchor: { bottom: number; right: number },
  viewportWidth: number,
): PanelPosition {
  const width = Math.max(0, Math.min(PANEL_WIDTH, viewportWidth - 2 * PANEL_MARGIN));
  const fromRight = viewportWidth - anchor.right;
  const right = Math.min(Math.max(fromRight, PANEL_MARGIN), viewportWidth - width - PANEL_MARGIN);
  return { top: anchor.bottom + PANEL_MARGIN, right: Math.max(0, right), width };
}
