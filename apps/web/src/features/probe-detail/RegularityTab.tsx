import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import type { AnalysisDay } from '@emberwatch/shared/contracts/probeData';
import {
  averagePacketsPerDay,
  isAnalysisBatteryLow,
  isAverageOverLimit,
  isDayOverPacketLimit,
  packetLimits,
  typicalMeasurementIntervalS,
} from '@emberwatch/shared/domain/probeAnalysis';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { isApiRequestError, isNetworkFailure } from '../../lib/ApiRequestError';
import { formatDate } from '../../lib/formatDate';
import { formatDateTime } from '../../lib/formatDateTime';
import { useProbeAnalysis } from './probeDetailQueries';
import type { ProbeTabProps } from './probeDetailTypes';
import { useProbeStation } from './useProbeStation';
import { formatDecimal, formatTemperatureText, formatVoltsText } from '../../lib/formatDecimal';

export type RegularityTabProps = Pick<
  ProbeTabProps,
  'bsId' | 'sensorId' | 'unit' | 'dateFormat' | 'timeFormat'
>;

const flagSx = {
  color: 'error.main',
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.5,
} as const;

/** A value, in red with an icon naming what is wrong when `reason` is given, plain otherwise. */
function Flagged({ reason, children, testId }: { reason: string | null; children: string; testId?: string }) {
  return (
    <Box
      component="span"
      sx={reason ? flagSx : undefined}
      data-flag={reason ? 'true' : 'false'}
      data-testid={testId}
    >
      {reason && <ErrorOutline fontSize="inherit" titleAccess={reason} />}
      {children}
    </Box>
  );
}

/** One row of 24 cells, filled for the hours (0–23) that had at least one reading. */
function HourCells({ covered, label }: { covered: readonly number[]; label: string }) {
  const hours = new Set(covered);
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(24, 1fr)', gap: '1px', minWidth: 120 }}
    >
      {Array.from({ length: 24 }, (_, h) => (
        <Box
          key={h}
          data-covered={hours.has(h) ? 'true' : 'false'}
          sx={{ height: 12, bgcolor: hours.has(h) ? 'success.main' : 'grey.300' }}
        />
      ))}
    </Box>
  );
}

/**
 * The Regularity tab for admins (spec doc 2 §2.4, §3 "Probe analysis", §8, §9): a summary, the
 * hours of each day that had readings, and per-day counts that expand to the day's packets.
 * Only what is wrong is red: too many packets for the probe's cadence (the spec's 36 a day and
 * average over 24 at one measurement an hour) and a low battery (docs/decisions/0017).
 */
export function RegularityTab({ bsId, sensorId, unit, dateFormat, timeFormat }: RegularityTabProps) {
  const { t } = useTranslation();
  const analysis = useProbeAnalysis(bsId, sensorId);
  // The probe's configured interval when an admin set one; otherwise the cadence its data shows.
  const configuredIntervalS = useProbeStation(sensorId).station?.conf.measurement_interval ?? null;
  const [open, setOpen] = useState<number | null>(null);

  if (analysis.error) {
    const e = analysis.error;
    return (
      <Alert severity="error">
        {isNetworkFailure(e)
          ? t('errors.network')
          : t('probeDetail.regularity.errorStatus', { code: isApiRequestError(e) ? e.statusCode : '?' })}
      </Alert>
    );
  }
  if (!analysis.data) return <LoadingIndicator label={t('common.loading')} />;
  const { summary, dataPerDay } = analysis.data.results;
  if (summary.N === 0 || dataPerDay.length === 0)
    return <Alert severity="info">{t('probeDetail.regularity.noData')}</Alert>;

  const avg = averagePacketsPerDay(summary);
  const intervalS = configuredIntervalS ?? typicalMeasurementIntervalS(dataPerDay);
  const limits = packetLimits(intervalS);
  const tooMany = t('probeDetail.regularity.flagTooMany');
  const lowBattery = t('probeDetail.regularity.flagLowBattery');
  const days = [...dataPerDay].sort((a, b) => b.from - a.from);
  const temp = (v: number | null) => formatTemperatureText(v, unit, true);

  const summaryItems: [string, string, string | null, string?][] = [
    [
      t('probeDetail.regularity.period'),
      summary.t0 !== null && summary.t1 !== null
        ? t('probeDetail.history.range', {
            from: formatDateTime(summary.t0, dateFormat, timeFormat),
            to: formatDateTime(summary.t1, dateFormat, timeFormat),
          })
        : '--',
      null,
    ],
    [
      t('probeDetail.regularity.interval'),
      intervalS === null
        ? '--'
        : t('probeDetail.regularity.intervalValue', {
            minutes: formatDecimal(intervalS / 60, intervalS % 60 === 0 ? 0 : 1),
            perDay: formatDecimal(limits.average, Number.isInteger(limits.average) ? 0 : 1),
          }),
      null,
      'analysis-interval',
    ],
    [t('probeDetail.regularity.packets'), String(summary.N), null],
    [t('probeDetail.regularity.dataDays'), `${summary.dataDays} / ${summary.nDays}`, null],
    [
      t('probeDetail.regularity.perDay'),
      `${summary.nPerDayMin}–${summary.nPerDayMax}`,
      isDayOverPacketLimit({ N: summary.nPerDayMax }, limits) ? tooMany : null,
      'analysis-per-day',
    ],
    [
      t('probeDetail.regularity.average'),
      avg === null ? '--' : formatDecimal(avg, 1),
      isAverageOverLimit(summary, limits) ? t('probeDetail.regularity.flagAverage') : null,
      'analysis-average',
    ],
    [t('probeDetail.regularity.temperature'), `${temp(summary.minTemp)} – ${temp(summary.maxTemp)}`, null],
    [
      t('probeDetail.regularity.battery'),
      `${formatVoltsText(summary.minBatt)} – ${formatVoltsText(summary.maxBatt)} V`,
      isAnalysisBatteryLow(summary.minBatt) ? lowBattery : null,
      'analysis-battery',
    ],
  ];

  const dayRow = (d: AnalysisDay) => {
    const expanded = open === d.from;
    return (
      <Fragment key={d.from}>
        <TableRow data-testid="analysis-day" hover>
          <TableCell padding="checkbox">
            <IconButton
              size="small"
              aria-expanded={expanded}
              aria-label={t(expanded ? 'probeDetail.regularity.collapse' : 'probeDetail.regularity.expand', {
                date: formatDate(d.from, dateFormat),
              })}
              onClick={() => setOpen(expanded ? null : d.from)}
            >
              {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
            </IconButton>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.from, dateFormat)}</TableCell>
          <TableCell align="right">
            <Flagged reason={isDayOverPacketLimit(d, limits) ? tooMany : null} testId="analysis-day-count">
              {String(d.N)}
            </Flagged>
          </TableCell>
          <TableCell sx={{ minWidth: 140 }}>
            <HourCells
              covered={d.coveredHours}
              label={t('probeDetail.regularity.hoursCovered', { hours: d.coveredHours.length })}
            />
          </TableCell>
          <TableCell
            align="right"
            sx={{ whiteSpace: 'nowrap' }}
          >{`${temp(d.minTemp)} – ${temp(d.maxTemp)}`}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Flagged
              reason={isAnalysisBatteryLow(d.minBatt) ? lowBattery : null}
              testId="analysis-day-battery"
            >
              {`${formatVoltsText(d.minBatt)} – ${formatVoltsText(d.maxBatt)}`}
            </Flagged>
          </TableCell>
        </TableRow>
        {expanded && (
          <TableRow>
            <TableCell colSpan={6} sx={{ bgcolor: 'action.hover' }}>
              <Table
                size="small"
                aria-label={t('probeDetail.regularity.packetsOf', { date: formatDate(d.from, dateFormat) })}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('probeDetail.data.time')}</TableCell>
                    <TableCell align="right">{t('probeDetail.regularity.temperature')}</TableCell>
                    <TableCell align="right">{t('probeDetail.data.battery')}</TableCell>
                    <TableCell align="right">{t('probeDetail.data.rss')}</TableCell>
                    <TableCell align="right">{t('probeDetail.data.rsb')}</TableCell>
                    <TableCell>{t('probeDetail.data.bs')}</TableCell>
                    <TableCell align="right">{t('probeDetail.data.tdiff')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.data.map((p) => (
                    <TableRow key={`${p.b}-${p.bs}-${p.received}`} data-testid="analysis-packet">
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(p.b, dateFormat, timeFormat)}
                      </TableCell>
                      <TableCell align="right">
                        {(p.hh.length > 0 ? p.hh : [p.h])
                          .map((v) => formatTemperatureText(v, unit))
                          .join(' / ')}
                      </TableCell>
                      <TableCell align="right">
                        <Flagged reason={isAnalysisBatteryLow(p.e) ? lowBattery : null}>
                          {formatVoltsText(p.e)}
                        </Flagged>
                      </TableCell>
                      <TableCell align="right">{p.f ?? '--'}</TableCell>
                      <TableCell align="right">{p.g ?? '--'}</TableCell>
                      <TableCell>{p.bs}</TableCell>
                      <TableCell align="right">{p.received - p.b}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableCell>
          </TableRow>
        )}
      </Fragment>
    );
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          {summaryItems.map(([label, value, reason, testId]) => (
            <Fragment key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                <Flagged reason={reason} testId={testId}>
                  {value}
                </Flagged>
              </Typography>
            </Fragment>
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined">
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('probeDetail.regularity.perDayTable')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t('probeDetail.regularity.day')}</TableCell>
                <TableCell align="right">{t('probeDetail.regularity.packets')}</TableCell>
                <TableCell>{t('probeDetail.regularity.hours')}</TableCell>
                <TableCell align="right">{t('probeDetail.regularity.temperature')}</TableCell>
                <TableCell align="right">{t('probeDetail.data.battery')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{days.map(dayRow)}</TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
