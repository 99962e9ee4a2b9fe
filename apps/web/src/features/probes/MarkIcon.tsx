import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A small red mark beside a temperature with its text alternative: a colour alone would not reach
 * colour-blind readers or screen readers. The icon is decoration; the label is what is read.
 */
export function MarkIcon({
  label,
  testId,
  fontSize,
  children,
}: {
  label: string;
  testId: string;
  fontSize: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid={testId}
      sx={{ display: 'inline-flex', verticalAlign: 'middle', color: 'error.main', fontSize }}
    >
      {children}
    </Box>
  );
}
