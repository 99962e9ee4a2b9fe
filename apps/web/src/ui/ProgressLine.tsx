import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * Long work's progress: a bar of `done` out of `total` (a whole bar when there is nothing to do) with
 * its words below, which also name the bar for screen readers.
 */
export function ProgressLine({
  done,
  total,
  text,
  testId,
}: {
  done: number;
  total: number;
  text: string;
  testId?: string;
}) {
  return (
    <Stack spacing={0.5}>
      <LinearProgress variant="determinate" value={total ? (100 * done) / total : 100} aria-label={text} />
      <Typography variant="body2" data-testid={testId}>
        {text}
      </Typography>
    </Stack>
  );
}
