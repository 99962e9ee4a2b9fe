import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A spinner with an accessible name; `fullPage` centres it in the viewport. */
export function LoadingIndicator({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'grid',
        placeItems: 'center',
        gap: 1,
        py: 6,
        minHeight: fullPage ? '100dvh' : undefined,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
