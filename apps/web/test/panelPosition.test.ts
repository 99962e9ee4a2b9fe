import { describe, expect, it } from 'vitest';
import { panelPosition } from '../src/features/notifications/panelPosition';

describe('where the notifications panel sits', () => {
  it.each([
    // A desktop: under the bell, right edges aligned, full width.
    [{ bottom: 64, right: 1200 }, 1280, { top: 72, right: 80, width: 400 }],
    // A phone: the window less 8 px either side; the bell 4 px from the edge moves the panel in to 8.
    [{ bottom: 56, right: 356 }, 360, { top: 64, right: 8, width: 344 }],
    // A bell far left on a narrow window: the panel moves right until its left edge is 8 px in.
    [{ bottom: 56, right: 100 }, 600, { top: 64, right: 192, width: 400 }],
    // A bell touching the window's right edge: the panel keeps its 8 px.
    [{ bottom: 64, right: 1280 }, 1280, { top: 72, right: 8, width: 400 }],
  ])('bell %o in a window %i px wide: %o', (anchor, viewport, expected) => {
    expect(panelPosition(anchor, viewport)).toEqual(expected);
  });
});
