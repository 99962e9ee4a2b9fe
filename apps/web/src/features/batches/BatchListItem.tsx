import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { BATCH_STATUS, type Batch } from '@emberwatch/shared/contracts/batches';
import { BandTemperature } from '../probes';
import { hottestAlert, phaseProgress, runningPhase } from './batchSummary';

/** One batch of the list: name, station, running phase and its progress, probes, current alerts. */
export function BatchListItem({
  batch,
  stationName,
  selectable,
  chosen,
  onToggle,
}: {
  batch: Batch;
  stationName: string;
  selectable: boolean;
  chosen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const phase = runningPhase(batch);
  const progress = phaseProgress(phase);
  const hottest = hottestAlert(batch);
  const silent = batch.currentAlerts.filter((a) => a.type === 'batch_bug').length;
  const phaseText =
    batch.status === BATCH_STATUS.completed
      ? t('batches.status.completed')
      : phase
        ? t('batches.phaseOf', {
            n: phase.index + 1,
            total: batch.batch_phases.length,
            name: phase.phase_name,
          })
        : t('batches.noPhaseRunning');
  return (
    <ListItem
      disablePadding
      divider
      data-testid="batch-row"
      data-batch-id={batch.batch_id}
      secondaryAction={
        selectable ? (
          <Checkbox
            edge="end"
            checked={chosen}
            onChange={onToggle}
            slotProps={{ input: { 'aria-label': t('batches.select', { name: batch.batch_name }) } }}
          />
        ) : undefined
      }
    >
      <ListItemButton
        component={RouterLink}
        to={`/batches/${batch.batch_id}`}
        sx={{ alignItems: 'flex-start' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {batch.batch_name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {stationName}
            </Typography>
            {batch.isAdmin && <Chip size="small" label={t('batches.testBatch')} />}
          </Box>
          <Typography variant="body2" color="text.secondary" data-testid="batch-phase">
            {phaseText} · {t('batches.probeCount', { count: batch.probes.length })}
          </Typography>
          {progress !== null && batch.status === BATCH_STATUS.ongoing && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: 360 }}>
              <LinearProgress
                variant="determinate"
                value={progress * 100}
                sx={{ flex: 1 }}
                aria-label={t('batches.progress', { percent: Math.round(progress * 100) })}
              />
              <Typography variant="caption">
                {t('batches.progress', { percent: Math.round(progress * 100) })}
              </Typography>
            </Box>
          )}
          {batch.currentAlerts.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }} data-testid="batch-alerts">
              {hottest !== null && (
                <Chip
                  size="small"
                  color="error"
                  variant="outlined"
                  label={
                    <span>
                      {t('batches.alerts.batch')} ·{' '}
                      <BandTemperature testId="batch-temperature" tenths={hottest} />
                    </span>
                  }
                />
              )}
              {silent > 0 && (
                <Chip size="small" color="warning" variant="outlined" label={t('batches.alerts.batch_bug')} />
              )}
            </Box>
          )}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
