import Box from '@mui/material/Box';

/**
 * Four bars of rising height. `level` follows the signal scale: 0–4 filled bars, -1 = no signal
 * (bars crossed out), -2 = no value at all (a dash). Drawn with CSS so it costs no icon font.
 */
export function SignalBars({ level, label }: { level: number; label: string }) {
  if (level <= -2) {
    return (
      <Box component="span" role="img" aria-label={label} title={label} sx={{ color: 'text.disabled' }}>
        --
      </Box>
    );
  }
  const noSignal = level === -1;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-level={level}
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'flex-end',
        gap: '2px',
        height: 16,
        verticalAlign: 'middle',
      }}
    >
      {[1, 2, 3, 4].map((bar) => (
        <Box
          key={bar}
          component="span"
          sx={{
            width: 4,
            height: `${bar * 4}px`,
            borderRadius: '1px',
            bgcolor:
              !noSignal && bar <= level ? (level <= 1 ? 'warning.main' : 'success.main') : 'action.disabled',
          }}
        />
      ))}
      {noSignal && (
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            left: -1,
            right: -1,
            top: '50%',
            height: 2,
            bgcolor: 'error.main',
            transform: 'rotate(-35deg)',
          }}
        />
      )}
    </Box>
  );
}
