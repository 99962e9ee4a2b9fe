import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import TableChart from '@mui/icons-material/TableChart';
import { TABLE_MAX_RANGE_S, type TableRow as DataRow } from '@emberwatch/shared/contracts/probeData';
import { formatVolts } from '@emberwatch/shared/domain/batteryLevel';
import { DAY_S, clampTableRange, endBound } from '@emberwatch/shared/domain/chartRange';
import { formatDepth } from '@emberwatch/shared/domain/depthUnits';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { DayField } from '../../ui/DayField';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { formatDateTime } from '../../lib/formatDateTime';
import { renderNowMs } from '../../lib/renderContext';
import { useTableData } from './probeDetailQueries';
import { readerDayStart, readerToday } from './readerDays';
import type { ProbeTabProps } from './probeDetailTypes';
import { formatDecimal, formatTemperatureText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS } from '../probes';

/** Spec doc 2 §9: page sizes 10, 20, 40, 60, 80, 100 or All, default 10. */
export const DATA_PAGE_SIZES = [10, 20, 40, 60, 80, 100] as const;
export const ALL_DATA_ROWS = -1;
/** The table opens on the last seven days. */
const DEFAULT_RANGE_DAYS = 7;
/** The range counts whole days: 60 days = the first day's start plus 59 more. */
const MAX_RANGE_DAYS = TABLE_MAX_RANGE_S / DAY_S - 1;

export interface DataTabProps extends ProbeTabProps {
  /** Admins may show the extra columns and the duplicates. */
  admin: boolean;
  /** The user's colour steps (°C): every temperature is coloured by them. */
  colorStepsC: readonly number[];
}

/**
 * Shadows at the edges of the table's scroll area while more columns lie that way (a phone with
 * four depths or the admin columns): white covers scroll with the content and hide the shadows
 * at the ends, so a cut column never looks like the table's end.
 */
const scrollShadows = {
  overflowX: 'auto',
  background: [
    'linear-gradient(to right, #fff 30%, rgba(255, 255, 255, 0)) left center / 2.5rem 100% no-repeat local',
    'linear-gradient(to left, #fff 30%, rgba(255, 255, 255, 0)) right center / 2.5rem 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), rgba(0, 0, 0, 0)) left center / 0.875rem 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), rgba(0, 0, 0, 0)) right center / 0.875rem 100% no-repeat scroll',
  ].join(', '),
} as const;

/** A calendar day as a day number (days since 1970-01-01), independent of time zone and DST. */
function dayNumber(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : Math.round(ms / 86_400_000);
}

function dayValue(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Interval between readings (spec doc 1 §9): over 24 h in days, otherwise h:mm:ss. */
export function formatInterval(seconds: number | null): string {
  if (seconds === null) return '--';
  if (seconds >= DAY_S) return `${Math.floor(seconds / DAY_S)} d`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The Data tab (spec doc 2 §2.4, §4, §9): the probe's readings over a range of at most 60 days —
 * moving one end past the limit moves the other — newest first, paged, with the admin's extra
 * columns and duplicate marks.
 */
export function DataTab(props: DataTabProps) {
  const { bsId, sensorId, depths, hasData, unit, depthUnit, dateFormat, timeFormat, admin, colorStepsC } =
    props;
  const { t } = useTranslation();
  // The drawn page's moment while a page the server drew is taken over (lib/renderContext.ts).
  const [range, setRange] = useState(() => {
    const today = readerToday(renderNowMs());
    return { start: today - (DEFAULT_RANGE_DAYS - 1), end: today };
  });
  // "Now" as of the last range change: whether the chosen end lies in the future.
  const [now, setNow] = useState(() => Math.floor(renderNowMs() / 1000));
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DATA_PAGE_SIZES[0]);

  const from = readerDayStart(range.start);
  const to = readerDayStart(range.end + 1) - 1;
  // Spec doc 1 §5: an end in the future is not sent; the server answers up to now.
  const table = useTableData(bsId, sensorId, from, endBound(to, now));

  const extra = admin && showAll;
  const rows = useMemo(() => {
    const all = [...(table.data?.results ?? [])].sort((a, b) => b.date - a.date);
    return extra ? all : all.filter((r) => r.duplicate !== 'D');
  }, [table.data, extra]);
  const depthCount = Math.max(depths, 1, ...rows.map((r) => r.hh.length));

  const changeEnd = (which: 'start' | 'end', value: string) => {
    const day = dayNumber(value);
    if (day === null) return;
    setRange((r) => clampTableRange({ ...r, [which]: day }, which, MAX_RANGE_DAYS));
    setNow(Math.floor(Date.now() / 1000));
    setPage(0);
  };

  if (!hasData) return <EmptyState icon={<TableChart />} text={t('probeDetail.noDataYet')} />;

  const size = pageSize === ALL_DATA_ROWS ? rows.length || 1 : pageSize;
  const lastPage = Math.max(0, Math.ceil(rows.length / size) - 1);
  const current = Math.min(page, lastPage);
  const visible = pageSize === ALL_DATA_ROWS ? rows : rows.slice(current * size, (current + 1) * size);

  // Each depth's value (tenths of °C), or null where the reading has none.
  const temps = (r: DataRow): (number | null)[] =>
    Array.from({ length: depthCount }, (_, d) =>
      r.notemp ? null : ((r.hh.length > 0 ? r.hh[d] : d === 0 ? r.handle : null) ?? null),
    );
  const extraHeader = { rowSpan: 2, sx: { verticalAlign: 'bottom' } } as const;

  return (
    <Box>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <DayField
          label={t('probeDetail.data.from')}
          value={dayValue(range.start)}
          onChange={(day) => changeEnd('start', day)}
          dateFormat={dateFormat}
          testId="data-from"
        />
        <DayField
          label={t('probeDetail.data.to')}
          value={dayValue(range.end)}
          onChange={(day) => changeEnd('end', day)}
          dateFormat={dateFormat}
          testId="data-to"
        />
        <Typography variant="caption" color="text.secondary">
          {t('probeDetail.data.maxRange')}
        </Typography>
        {admin && (
          <FormControlLabel
            control={<Switch checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />}
            label={t('probeDetail.data.adminColumns')}
          />
        )}
      </Stack>

      {table.error ? (
        <LoadErrorAlert error={table.error} onRetry={() => void table.refetch()} />
      ) : !table.data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<TableChart />} text={t('probeDetail.noDataForPeriod')} />
      ) : (
        <Paper variant="outlined">
          <TableContainer data-testid="data-scroll" sx={scrollShadows}>
            <Table
              size="small"
              aria-label={t('probeDetail.tabs.data')}
              // Narrow cells on a phone, so three depths and the time fit 360 px without scrolling.
              sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                {/* The unit once over the depth columns, the depths one short line each. */}
                <TableRow>
                  <TableCell {...extraHeader}>{t('probeDetail.data.time')}</TableCell>
                  <TableCell
                    colSpan={depthCount}
                    align="center"
                    data-testid="data-temp-group"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('probes.temperature', { unit })}
                  </TableCell>
                  {extra && (
                    <>
                      <TableCell align="right" {...extraHeader}>
                        {t('probeDetail.data.interval')}
                      </TableCell>
                      <TableCell align="right" {...extraHeader}>
                        {t('probeDetail.data.battery')}
                      </TableCell>
                      <TableCell align="right" {...extraHeader}>
                        {t('probeDetail.data.rss')}
                      </TableCell>
                      <TableCell align="right" {...extraHeader}>
                        {t('probeDetail.data.rsb')}
                      </TableCell>
                      <TableCell {...extraHeader}>{t('probeDetail.data.bs')}</TableCell>
                      <TableCell align="right" {...extraHeader}>
                        {t('probeDetail.data.tdiff')}
                      </TableCell>
                      <TableCell {...extraHeader}>{t('probeDetail.data.duplicate')}</TableCell>
                    </>
                  )}
                </TableRow>
                <TableRow>
                  {Array.from({ length: depthCount }, (_, d) => (
                    <TableCell key={d} align="right" data-testid="data-depth" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDepth(d, depthCount, depthUnit, (v) => formatDecimal(v))}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((r) => (
                  <TableRow key={`${r.date}-${r.bs}-${r.duplicate}`} data-testid="data-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(r.date, dateFormat, timeFormat)}
                    </TableCell>
                    {temps(r).map((v, d) => {
                      const band = v === null ? null : temperatureBand(v, colorStepsC);
                      return (
                        <TableCell
                          key={d}
                          align="right"
                          data-testid="data-temp"
                          data-tone={band === null ? undefined : `band-${band}`}
                          sx={{
                            fontVariantNumeric: 'tabular-nums',
                            color: band === null ? undefined : TEMPERATURE_BAND_COLOURS[band].text,
                            fontWeight: band === null ? undefined : 600,
                          }}
                        >
                          {formatTemperatureText(v, unit)}
                        </TableCell>
                      );
                    })}
                    {extra && (
                      <>
                        <TableCell align="right">{formatInterval(r.interval)}</TableCell>
                        <TableCell align="right">{formatVolts(r.batt)}</TableCell>
                        <TableCell align="right">{r.rss ?? '--'}</TableCell>
                        <TableCell align="right">{r.rsb ?? '--'}</TableCell>
                        <TableCell>{r.bs}</TableCell>
                        <TableCell align="right">{r.tdiff}</TableCell>
                        <TableCell data-testid="data-duplicate">{r.duplicate}</TableCell>
                      </>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={rows.length}
            page={current}
            rowsPerPage={pageSize === ALL_DATA_ROWS ? ALL_DATA_ROWS : pageSize}
            rowsPerPageOptions={[
              ...DATA_PAGE_SIZES,
              { value: ALL_DATA_ROWS, label: t('probeDetail.data.all') },
            ]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('probeDetail.data.rowsPerPage')}
            labelDisplayedRows={({ from: a, to: b, count }) =>
              t('probeDetail.data.displayedRows', { from: a, to: b, count })
            }
            getItemAriaLabel={(type) =>
              type === 'next'
                ? t('probeDetail.data.nextPage')
                : type === 'previous'
                  ? t('probeDetail.data.previousPage')
                  : type === 'first'
                    ? t('probeDetail.data.firstPage')
                    : t('probeDetail.data.lastPage')
            }
          />
        </Paper>
      )}
    </Box>
  );
}
