import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BatchPhase } from '@emberwatch/shared/contracts/batches';
import { BandTemperature } from '../probes';
import { RcLogDialog } from './RcLogDialog';
import { useBatchFormat } from './useBatchFormat';
import { ScrollRegion } from '../../ui/ScrollRegion';

/**
 * One phase of a batch (spec doc 3 §3): its name, start and completion, target, each probe's
 * progress toward it (`sensor_progress`, with its latest reading's time) and the probes replaced
 * during it; its RC unit events on demand.
 */
export function BatchPhaseCard({
  batchId,
  bsId,
  batchTitle,
  phase,
  running,
  probeLabel,
  action,
}: {
  batchId: number;
  /** The batch's station: its times are on that station's clock (decision 0079). */
  bsId: string;
  batchTitle: string;
  phase: BatchPhase;
  running: boolean;
  probeLabel: (id: string) => string;
  /** The phase's step forward (complete it, start the next), when the user may take it. */
  action?: { label: string; run: () => void; busy: boolean };
}) {
  const { t } = useTranslation();
  const fmt = useBatchFormat(bsId);
  const [logOpen, setLogOpen] = useState(false);
  const state =
    phase.phase_completed_date !== null ? 'done' : phase.phase_start_date !== null ? 'running' : 'notStarted';
  const target =
    phase.targetHours === null
      ? t('batches.phases.noTarget')
      : phase.targetTemp === null
        ? t('batches.phases.targetTimeOnly', { hours: phase.targetHours })
        : t('batches.phases.target', {
            temperature: fmt.temperature(phase.targetTemp),
            hours: phase.targetHours,
          });
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: running ? 'primary.main' : undefined }}
      data-testid="batch-phase-card"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {phase.index + 1}. {phase.phase_name}
        </Typography>
        <Chip
          size="small"
          color={state === 'running' ? 'primary' : state === 'done' ? 'success' : 'default'}
          label={t(`batches.phases.${state}`)}
        />
        <Typography variant="body2" color="text.secondary">
          {target}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('batches.phases.start')}: {fmt.dateTime(phase.phase_start_date)} · {t('batches.phases.completion')}
        : {fmt.dateTime(phase.phase_completed_date)}
      </Typography>
      {phase.sensor_progress.length === 0 ? (
        state !== 'notStarted' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('batches.phases.noProbes')}
          </Typography>
        )
      ) : (
        <ScrollRegion label={`${phase.index + 1}. ${phase.phase_name}`} mt={1}>
          <Table size="small" data-testid="phase-progress">
            <TableHead>
              <TableRow>
                <TableCell>{t('batches.phases.probe')}</TableCell>
                <TableCell>{t('batches.phases.progress')}</TableCell>
                <TableCell>{t('batches.phases.hours')}</TableCell>
                <TableCell>{t('batches.phases.maxTemp')}</TableCell>
                <TableCell>{t('batches.phases.lastTemp')}</TableCell>
                <TableCell>{t('batches.phases.lastTs')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {phase.sensor_progress.map((s) => (
                <TableRow key={s.sensor_id}>
                  <TableCell>{probeLabel(s.sensor_id)}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    {s.progress === null ? (
                      '--'
                    ) : (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={s.progress * 100}
                          sx={{ flex: 1 }}
                          aria-label={t('batches.progress', { percent: Math.round(s.progress * 100) })}
                        />
                        <span>{Math.round(s.progress * 100)} %</span>
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    {Math.round(s.hours)}
                    {phase.targetHours !== null && ` / ${phase.targetHours}`}
                  </TableCell>
                  <TableCell>
                    <BandTemperature testId="batch-temperature" tenths={s.maxTemp} />
                  </TableCell>
                  <TableCell>
                    <BandTemperature testId="batch-temperature" tenths={s.lastTemp} />
                  </TableCell>
                  <TableCell>{fmt.dateTime(s.last_ts)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      {phase.probeReplacements.length > 0 && (
        <Box sx={{ mt: 1 }} data-testid="phase-replacements">
          <Typography variant="subtitle2">{t('batches.phases.replacements')}</Typography>
          {phase.probeReplacements.map((r) => (
            <Typography key={`${r.from}-${r.to}-${r.ts}`} variant="body2">
              {t('batches.phases.replacement', {
                from: probeLabel(r.from),
                to: probeLabel(r.to),
                time: fmt.dateTime(r.ts),
              })}
            </Typography>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {state !== 'notStarted' && (
          <Button size="small" onClick={() => setLogOpen(true)}>
            {t('batches.phases.rcLog')}
          </Button>
        )}
        {action && (
          <Button size="small" variant="outlined" disabled={action.busy} onClick={action.run}>
            {action.label}
          </Button>
        )}
      </Box>
      {logOpen && (
        <RcLogDialog
          batchId={batchId}
          batchTitle={batchTitle}
          timeZone={fmt.timeZone}
          index={phase.index}
          phaseName={phase.phase_name}
          onClose={() => setLogOpen(false)}
        />
      )}
    </Paper>
  );
}
