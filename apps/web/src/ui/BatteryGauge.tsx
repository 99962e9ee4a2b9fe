import Box from '@mui/material/Box';

/**
 * A small battery outline filled in four steps (`level` 0–4; null = unknown), with a text next to it.
 * `low` turns it red whatever the level, for the domain's low-battery rule.
 */
export function BatteryGauge({
  level,
  low,
  text,
  label,
}: {
  level: number | null;
  low: boolean;
  text: string;
  label: string;
}) {
  const color = low || level === 0 ? 'error.main' : level === 1 ? 'warning.main' : 'success.main';
  return (
    <Box
      component="span"
      title={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-level={level ?? ''}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          width: 22,
          height: 11,
          p: '1px',
          gap: '1px',
          border: 1,
          borderColor: level === null ? 'action.disabled' : 'text.secondary',
          borderRadius: '2px',
          '&::after': {
            content: '""',
            position: 'absolute',
            right: -3,
            top: 3,
            width: 2,
            height: 4,
            bgcolor: level === null ? 'action.disabled' : 'text.secondary',
          },
        }}
      >
        {[1, 2, 3, 4].map((step) => (
          <Box
            key={step}
            component="span"
            sx={{ flex: 1, bgcolor: level !== null && step <= level ? color : 'transparent' }}
          />
        ))}
      </Box>
      <Box component="span" sx={{ color: low ? 'error.main' : 'text.secondary', fontSize: '0.8125rem' }}>
        {text}
      </Box>
    </Box>
  );
}
