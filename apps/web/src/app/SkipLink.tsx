import Box from '@mui/material/Box';

/** The id of the shell's <main>, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on every logged-in page: hidden until focused, it moves the focus
 * past the top bar (logo, station selector, tabs, menu) to the page itself (WCAG 2.4.1).
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(e) => {
        // Focus the page without touching the URL: the router owns it, and a hash would outlive the visit.
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 700,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'secondary.main' },
      }}
    >
      {label}
    </Box>
  );
}
