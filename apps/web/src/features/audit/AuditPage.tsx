import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import {
  AUDIT_PAGE_SIZES,
  type AuditEntry,
  type AuditKind,
  type AuditSort,
} from '@emberwatch/shared/contracts/audit';
import { changedFields } from '@emberwatch/shared/domain/auditRedaction';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { formatDateTime } from '../../lib/formatDateTime';
import { useShellContext } from '../../lib/shellContext';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { useAuditLog, type AuditQuery } from './auditQueries';

/**
 * /admin/audit (issue 30 item 2, decision 0089): the audit trail, newest first, filtered, sorted and
 * paged by the server; a row opens to where the call came from, its input and what it changed (the
 * fields that differ, before and after). Root and Admin staff only (OPERATOR_TOOLS.auditLog): other
 * staff are told so, everyone else is sent to "/"; the server refuses the call to them as well.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  if (!mayUseOperatorTool({ admin: true, adminGroup: roleContext.adminGroup }, 'auditLog'))
    return <Alert severity="info">{t('audit.onlyOverseers')}</Alert>;
  return <AuditTrail />;
}

/** The filter form's fields, as typed (applied on submit). */
interface FilterFields {
  staff: string;
  customer: string;
  station: string;
  call: string;
  kind: '' | AuditKind;
  from: string;
  to: string;
}

const NO_FILTERS: FilterFields = {
  staff: '',
  customer: '',
  station: '',
  call: '',
  kind: '',
  from: '',
  to: '',
};

/** A datetime-local field's value as epoch seconds (the browser's clock), or undefined when empty. */
const epochOf = (local: string): number | undefined => {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
};

function queryOf(f: FilterFields): AuditQuery {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const to = epochOf(f.to);
  return {
    staff: text(f.staff),
    customer: text(f.customer),
    station: text(f.station),
    call: text(f.call),
    kind: f.kind === '' ? undefined : f.kind,
    from: epochOf(f.from),
    // "To 14:30" includes the whole minute.
    to: to === undefined ? undefined : to + 59,
  };
}

const SORTABLE: readonly AuditSort[] = ['at', 'staff', 'customer', 'call', 'status'];

function AuditTrail() {
  const { t } = useTranslation();
  const [fields, setFields] = useState<FilterFields>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditQuery>({});
  const [sort, setSort] = useState<{ by: AuditSort; dir: 'asc' | 'desc' }>({ by: 'at', dir: 'desc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(50);
  const log = useAuditLog({
    ...filters,
    sort: sort.by,
    dir: sort.dir,
    offset: page * pageSize,
    limit: pageSize,
  });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(queryOf(fields));
    setPage(0);
  };
  const clear = () => {
    setFields(NO_FILTERS);
    setFilters({});
    setPage(0);
  };
  const sortBy = (by: AuditSort) => {
    // A new column starts newest (or largest) first, as the trail does; the same one turns round.
    setSort((s) => (s.by === by ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: 'desc' }));
    setPage(0);
  };
  const field = (name: keyof FilterFields) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <Stack spacing={2} data-testid="audit">
      <Typography variant="body2" color="text.secondary">
        {t('audit.caption')}
      </Typography>
      <Box
        component="form"
        onSubmit={apply}
        aria-label={t('audit.filters.title')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      >
        <TextField
          size="small"
          label={t('audit.filters.staff')}
          helperText={t('audit.filters.staffHelp')}
          {...field('staff')}
        />
        <TextField
          size="small"
          label={t('audit.filters.customer')}
          helperText={t('audit.filters.customerHelp')}
          {...field('customer')}
        />
        <TextField size="small" label={t('audit.filters.station')} helperText=" " {...field('station')} />
        <TextField size="small" label={t('audit.filters.call')} helperText=" " {...field('call')} />
        <TextField
          select
          size="small"
          label={t('audit.filters.kind')}
          helperText=" "
          sx={{ minWidth: 140 }}
          {...field('kind')}
        >
          <MenuItem value="">{t('audit.filters.all')}</MenuItem>
          <MenuItem value="write">{t('audit.kinds.write')}</MenuItem>
          <MenuItem value="read">{t('audit.kinds.read')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="datetime-local"
          label={t('audit.filters.from')}
          helperText=" "
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('from')}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={t('audit.filters.to')}
          helperText=" "
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('to')}
        />
        <Stack direction="row" spacing={1} sx={{ pb: 2.5 }}>
          <Button type="submit" variant="contained">
            {t('audit.filters.apply')}
          </Button>
          <Button onClick={clear}>{t('audit.filters.clear')}</Button>
        </Stack>
      </Box>
      {log.error && <LoadErrorAlert error={log.error} onRetry={() => void log.refetch()} />}
      {!log.data ? (
        !log.error && <LoadingIndicator label={t('audit.loading')} />
      ) : log.data.entries.length === 0 ? (
        <EmptyState text={t('audit.empty')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                {SORTABLE.slice(0, 3).map((by) => (
                  <SortableHead key={by} by={by} sort={sort} onSort={sortBy} />
                ))}
                <TableCell>{t('audit.columns.station')}</TableCell>
                <SortableHead by="call" sort={sort} onSort={sortBy} />
                <TableCell>{t('audit.columns.kind')}</TableCell>
                <SortableHead by="status" sort={sort} onSort={sortBy} />
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {log.data && log.data.total > 0 && (
        <TablePagination
          component="div"
          count={log.data.total}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...AUDIT_PAGE_SIZES]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('audit.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('audit.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) =>
            type === 'next'
              ? t('audit.nextPage')
              : type === 'previous'
                ? t('audit.previousPage')
                : type === 'first'
                  ? t('audit.firstPage')
                  : t('audit.lastPage')
          }
        />
      )}
    </Stack>
  );
}

function SortableHead({
  by,
  sort,
  onSort,
}: {
  by: AuditSort;
  sort: { by: AuditSort; dir: 'asc' | 'desc' };
  onSort: (by: AuditSort) => void;
}) {
  const { t } = useTranslation();
  const active = sort.by === by;
  return (
    <TableCell sortDirection={active ? sort.dir : false}>
      <TableSortLabel active={active} direction={active ? sort.dir : 'desc'} onClick={() => onSort(by)}>
        {t(`audit.columns.${by}`)}
      </TableSortLabel>
    </TableCell>
  );
}

const LEVELS = ['root', 'admin', 'tech', 'sales'] as const;
const levelOf = (level: string) => LEVELS.find((l) => l === level);

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const [open, setOpen] = useState(false);
  const level = levelOf(entry.staff.level);
  const status =
    entry.status !== null
      ? String(entry.status)
      : entry.kind === 'read'
        ? t('audit.status.looked')
        : t('audit.status.unanswered');
  return (
    <Fragment>
      <TableRow data-testid="audit-row" hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={open ? t('audit.collapse') : t('audit.expand')}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.atS, prefs.date_format, prefs.time_format)}
        </TableCell>
        <TableCell>
          <Typography variant="body2">{entry.staff.username}</Typography>
          <Typography variant="caption" color="text.secondary">
            {level ? t(`audit.levels.${level}`) : entry.staff.level}
          </Typography>
        </TableCell>
        <TableCell>
          {entry.customer ? (
            <>
              <Typography variant="body2">{entry.customer.username ?? `#${entry.customer.uid}`}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('audit.uid', { uid: entry.customer.uid })}
              </Typography>
            </>
          ) : (
            t('audit.none')
          )}
        </TableCell>
        <TableCell>{entry.bsId ?? t('audit.none')}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {entry.method} {entry.path}
        </TableCell>
        <TableCell>{t(`audit.kinds.${entry.kind}`)}</TableCell>
        <TableCell sx={{ color: entry.status !== null && entry.status >= 400 ? 'error.main' : undefined }}>
          {status}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={8} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <AuditDetails entry={entry} />
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

const shown = (v: unknown): string => (v === undefined ? '' : JSON.stringify(v));

/** Where the call came from, what it sent, and each change's fields that differ, before and after. */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ py: 1.5 }} data-testid="audit-details">
      <Typography variant="body2">
        {t('audit.details.from', { ip: entry.ip, userAgent: entry.userAgent || t('audit.none') })}
      </Typography>
      <Box>
        <Typography variant="subtitle2">{t('audit.details.input')}</Typography>
        <Box
          component="pre"
          sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="audit-input"
        >
          {JSON.stringify(entry.input, null, 2)}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2">{t('audit.details.changes')}</Typography>
        {entry.changes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('audit.details.noChanges')}
          </Typography>
        ) : (
          entry.changes.map((change, i) => {
            const diff = changedFields(change.before, change.after);
            return (
              <Table key={i} size="small" aria-label={change.subject} data-testid="audit-diff">
                <TableHead>
                  <TableRow>
                    <TableCell>{change.subject}</TableCell>
                    <TableCell>{t('audit.details.before')}</TableCell>
                    <TableCell>{t('audit.details.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {diff.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={3}>{t('audit.details.same')}</TableCell>
                    </TableRow>
                  ) : (
                    diff.map((d) => (
                      <TableRow key={d.path} data-testid="audit-diff-row">
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          {d.path || t('audit.details.whole')}
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {shown(d.before)}
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {shown(d.after)}
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            );
          })
        )}
      </Box>
    </Stack>
  );
}
