import { useMemo, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  ALL_ROWS,
  DEFAULT_PROBE_SORT,
  PROBE_PAGE_SIZE_DEFAULT,
  probePageSizeOptions,
  sortProbes,
  type ProbeSort,
  type ProbeSortKey,
} from '@emberwatch/shared/domain/probeList';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatDateTime } from '../../lib/formatDateTime';
import type { TranslationKey } from '../../i18n/translationKey';
import type { ProbeRow } from './buildProbeRows';
import { ProbeAge, ProbeBattery, ProbeSignal, ProbeTemperature } from './ProbeCells';
import type { TemperatureScale } from './temperatureScale';
import '../../ui/nativeSelect.css';
import './probeList.css';
import { probeDetailPath } from '../probe-detail';
import { useScreenQuery } from '../../lib/useScreenQuery';

export interface ProbeTableProps {
  rows: readonly ProbeRow[];
  unit: DegreesUnit;
  /** The user's colour steps and alert temperature. */
  scale: TemperatureScale;
  dateFormat: string;
  timeFormat: string;
  /** Forces the phone layout (otherwise chosen by screen width). */
  compact?: boolean;
}

const SORT_CHOICES: { value: string; sort: ProbeSort; labelKey: TranslationKey }[] = [
  {
    value: 'temperature-asc',
    sort: { key: 'temperature', direction: 'asc' },
    labelKey: 'probes.sortTempAsc',
  },
  {
    value: 'temperature-desc',
    sort: { key: 'temperature', direction: 'desc' },
    labelKey: 'probes.sortTempDesc',
  },
  { value: 'name-asc', sort: { key: 'name', direction: 'asc' }, labelKey: 'probes.sortNameAsc' },
  { value: 'name-desc', sort: { key: 'name', direction: 'desc' }, labelKey: 'probes.sortNameDesc' },
];

/** Keyboard focus on a sort header must be seen: MUI's own cue is a faint colour change only. */
const sortLabelFocus = {
  '&.Mui-focusVisible, &:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '2px',
    borderRadius: 0.5,
  },
} as const;

/**
 * The probe list (spec doc 2 §2.2): sortable by name or temperature, paged 50/100/200/All.
 * On a phone the same rows become compact cards, since five columns do not fit 360 px.
 */
export function ProbeTable({ rows, unit, scale, dateFormat, timeFormat, compact }: ProbeTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrowScreen = useScreenQuery(theme.breakpoints.down('sm'));
  const narrow = compact ?? narrowScreen;

  const navigate = useNavigate();
  const [sort, setSort] = useState<ProbeSort>(DEFAULT_PROBE_SORT);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PROBE_PAGE_SIZE_DEFAULT);

  const sorted = useMemo(() => sortProbes(rows, sort), [rows, sort]);
  const sizeOptions = probePageSizeOptions(rows.length);
  // A chosen size that is not below the count shows everything, i.e. it is "All".
  const shownSize = pageSize !== ALL_ROWS && pageSize < rows.length ? pageSize : ALL_ROWS;
  const lastPage = shownSize === ALL_ROWS ? 0 : Math.max(0, Math.ceil(rows.length / shownSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const visible =
    shownSize === ALL_ROWS ? sorted : sorted.slice(currentPage * shownSize, (currentPage + 1) * shownSize);

  // A row opens the probe's detail (spec doc 2 §2.4); the name is the link keyboards and screen
  // readers use, a click anywhere else on the row does the same.
  const openRow = (e: MouseEvent, sensorId: string) => {
    if ((e.target as HTMLElement).closest('a')) return;
    void navigate(probeDetailPath(sensorId));
  };

  function sortBy(key: ProbeSortKey) {
    setSort((s) =>
      s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' },
    );
    setPage(0);
  }

  const pager =
    sizeOptions.length > 0 ? (
      <TablePagination
        component="div"
        count={rows.length}
        page={currentPage}
        rowsPerPage={shownSize}
        rowsPerPageOptions={sizeOptions.map((s) =>
          s === ALL_ROWS ? { value: ALL_ROWS, label: t('probes.all') } : s,
        )}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('probes.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('probes.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) =>
          t(
            type === 'first'
              ? 'probes.firstPage'
              : type === 'last'
                ? 'probes.lastPage'
                : type === 'next'
                  ? 'probes.nextPage'
                  : 'probes.previousPage',
          )
        }
        showFirstButton={!narrow}
        showLastButton={!narrow}
      />
    ) : null;

  const header = (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 0, sm: 1 },
        pb: 1,
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="probe-count">
        {t('probes.count', { count: rows.length })}
      </Typography>
      {narrow && (
        // The phone's own picker (a native select): larger to the finger than a menu, and no menu to draw.
        <label className="ew-probe-sort">
          <span className="ew-probe-sort__label">{t('probes.sortBy')}</span>
          <select
            className="ew-select ew-probe-sort__select"
            value={`${sort.key}-${sort.direction}`}
            onChange={(e) => {
              const choice = SORT_CHOICES.find((c) => c.value === e.target.value);
              if (choice) setSort(choice.sort);
              setPage(0);
            }}
          >
            {SORT_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {t(c.labelKey)}
              </option>
            ))}
          </select>
        </label>
      )}
    </Stack>
  );

  if (narrow) {
    // Plain elements and class names (probeList.css): a phone draws every card without style work.
    return (
      <div>
        {header}
        <ul className="ew-probe-cards">
          {visible.map((row) => (
            <li
              key={row.sensorId}
              className={row.stale ? 'ew-probe-card ew-probe-card--stale' : 'ew-probe-card'}
              data-testid="probe-row"
              data-sensor-id={row.sensorId}
              onClick={(e: MouseEvent) => openRow(e, row.sensorId)}
            >
              <div className="ew-probe-card__top">
                <p className="ew-probe-card__name">
                  <ProbeLink sensorId={row.sensorId}>{row.name}</ProbeLink>
                </p>
                <span className="ew-probe-card__age" data-testid="probe-age">
                  <ProbeAge row={row} dateFormat={dateFormat} timeFormat={timeFormat} />
                </span>
              </div>
              <div className="ew-probe-card__temp" data-testid="probe-temp">
                <ProbeTemperature row={row} unit={unit} scale={scale} showUnit />
              </div>
              <div className="ew-probe-card__gauges">
                <ProbeSignal row={row} />
                <ProbeBattery row={row} />
              </div>
              {row.measTs !== null && (
                // Touch screens have no hover tooltip, so the absolute time is written out.
                <p className="ew-probe-card__at">
                  {t('probes.lastReadingAt', { time: formatDateTime(row.measTs, dateFormat, timeFormat) })}
                </p>
              )}
            </li>
          ))}
        </ul>
        {pager}
      </div>
    );
  }

  return (
    <Paper variant="outlined" sx={{ pt: 1 }}>
      {header}
      <TableContainer>
        <Table size="small" aria-label={t('titles.probes')}>
          <TableHead>
            <TableRow>
              <TableCell sortDirection={sort.key === 'name' ? sort.direction : false}>
                <TableSortLabel
                  sx={sortLabelFocus}
                  active={sort.key === 'name'}
                  direction={sort.key === 'name' ? sort.direction : 'asc'}
                  onClick={() => sortBy('name')}
                >
                  {t('probes.name')}
                </TableSortLabel>
              </TableCell>
              <TableCell sortDirection={sort.key === 'temperature' ? sort.direction : false}>
                <TableSortLabel
                  sx={sortLabelFocus}
                  active={sort.key === 'temperature'}
                  direction={sort.key === 'temperature' ? sort.direction : 'asc'}
                  onClick={() => sortBy('temperature')}
                >
                  {t('probes.temperature', { unit })}
                </TableSortLabel>
              </TableCell>
              <TableCell>{t('probes.signal')}</TableCell>
              <TableCell>{t('probes.battery')}</TableCell>
              <TableCell>{t('probes.lastUpdate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow
                key={row.sensorId}
                hover
                data-testid="probe-row"
                data-sensor-id={row.sensorId}
                sx={{ opacity: row.stale ? 0.75 : 1, cursor: 'pointer' }}
                onClick={(e) => openRow(e, row.sensorId)}
              >
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    <ProbeLink sensorId={row.sensorId}>{row.name}</ProbeLink>
                  </Typography>
                  {row.hasName && (
                    <Typography variant="caption" color="text.secondary">
                      {row.sensorId}
                    </Typography>
                  )}
                </TableCell>
                <TableCell data-testid="probe-temp">
                  <ProbeTemperature row={row} unit={unit} scale={scale} />
                </TableCell>
                <TableCell>
                  <ProbeSignal row={row} />
                </TableCell>
                <TableCell>
                  <ProbeBattery row={row} />
                </TableCell>
                <TableCell data-testid="probe-age">
                  <ProbeAge row={row} dateFormat={dateFormat} timeFormat={timeFormat} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pager}
    </Paper>
  );
}

function ProbeLink({ sensorId, children }: { sensorId: string; children: string }) {
  return (
    <RouterLink to={probeDetailPath(sensorId)} data-testid="probe-link" className="ew-probe-link">
      {children}
    </RouterLink>
  );
}
