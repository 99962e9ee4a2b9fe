import useMediaQuery from '@mui/material/useMediaQuery';
import { serverMatchMedia } from './renderContext';

/**
 * A media query of the screen (MUI's useMediaQuery), answered at once in the browser (no first render
 * with a guess) and, on a server drawing the page, for the browser drawn for (lib/renderContext.ts), so
 * that the browser takes over the layout it would have drawn (decision 0174).
 */
export function useScreenQuery(query: string): boolean {
  return useMediaQuery(query, { noSsr: true, ssrMatchMedia: serverMatchMedia });
}
