import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled value of an account or settings page (the account area, the master's page, a base station), with its action at the end. */
export function FieldRow({
  label,
  value,
  action,
  testId,
}: {
  label: string;
  value: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '200px 1fr auto' },
        alignItems: 'center',
        columnGap: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
      data-testid={testId}
    >
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
      <Box>{action}</Box>
    </Box>
  );
}
