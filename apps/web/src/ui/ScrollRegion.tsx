import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Content wider than the page (a table, a stack's layout) that scrolls sideways in its own box, not
 * the page with it — by keyboard too: a named region in the tab order with a visible focus ring
 * (axe's scrollable-region-focusable, decision 0138).
 */
export function ScrollRegion({ label, mt, children }: { label: string; mt?: number; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        mt,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
