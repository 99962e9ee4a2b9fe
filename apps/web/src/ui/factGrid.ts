/**
 * A list of facts (`dl`) in two columns: the labels take at most half the width and wrap, and a value
 * never pushes the page wider than a phone (its words break where they must).
 */
export const FACT_GRID_SX = {
  display: 'grid',
  gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
  '& dd': { overflowWrap: 'anywhere' },
} as const;
