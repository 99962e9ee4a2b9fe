import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  CUSTOMER_PAGE_SIZES,
  type Customer,
  type CustomerSort,
} from '@emberwatch/shared/contracts/customers';
import { PLAN_NAMES, type PlanName } from '@emberwatch/shared/contracts/users';
import type { HayAppOption } from '@emberwatch/shared/domain/customers/customerGroups';
import { formatDate } from '../../lib/formatDate';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { useCustomerList, type CustomerListKind } from './customersQueries';

interface Filters {
  q: string;
  plan: string;
  country: string;
}
const NO_FILTERS: Filters = { q: '', plan: '', country: '' };

/** Each list's own column beside the common ones. */
const EXTRA: Record<CustomerListKind, 'group' | 'authorized' | 'migration'> = {
  all: 'group',
  masters: 'authorized',
  migrated: 'migration',
};

export function customerName(c: Pick<Customer, 'firstname' | 'lastname'>): string {
  return [c.firstname, c.lastname].filter(Boolean).join(' ');
}

/**
 * One of the customer lists (GET getusers, getMasterUsers, getMigratedUsers), paged, sorted and
 * filtered by the server: an operator has thousands of customers. A row opens the customer.
 */
export function CustomerListTab({ kind, onOpen }: { kind: CustomerListKind; onOpen: (uid: number) => void }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const [fields, setFields] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [hayApp, setHayApp] = useState<HayAppOption | 'any'>('any');
  const [sort, setSort] = useState<{ by: CustomerSort; dir: 'asc' | 'desc' }>({ by: 'username', dir: 'asc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(50);
  const country = filters.country.trim();
  const list = useCustomerList(kind, {
    q: filters.q.trim() || undefined,
    plan: filters.plan === '' ? undefined : (filters.plan as PlanName),
    country: /^[A-Za-z]{2}$/.test(country) ? country.toLowerCase() : undefined,
    hayApp: kind === 'all' && hayApp !== 'any' ? hayApp : undefined,
    sort: sort.by,
    dir: sort.dir,
    offset: page * pageSize,
    limit: pageSize,
  });
  const countryInvalid = fields.country.trim() !== '' && !/^[A-Za-z]{2}$/.test(fields.country.trim());
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (countryInvalid) return;
    setFilters(fields);
    setPage(0);
  };
  const sortBy = (by: CustomerSort) => {
    setSort((s) => (s.by === by ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: 'asc' }));
    setPage(0);
  };
  const date = (ts: number | null) => (ts === null ? '' : formatDate(ts, prefs.date_format));
  const head = (by: CustomerSort) => (
    <TableCell key={by} sortDirection={sort.by === by ? sort.dir : false}>
      <TableSortLabel
        active={sort.by === by}
        direction={sort.by === by ? sort.dir : 'asc'}
        onClick={() => sortBy(by)}
      >
        {t(`customers.columns.${by}`)}
      </TableSortLabel>
    </TableCell>
  );
  const extra = EXTRA[kind];

  return (
    <Stack spacing={2} data-testid={`customers-list-${kind}`}>
      <Box
        component="form"
        onSubmit={apply}
        aria-label={t('customers.filters.title')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label={t('customers.filters.search')}
          helperText={t('customers.filters.searchHelp')}
          value={fields.q}
          onChange={(e) => setFields((f) => ({ ...f, q: e.target.value }))}
          slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'customers-search' } }}
        />
        <TextField
          select
          size="small"
          label={t('customers.filters.plan')}
          helperText=" "
          value={fields.plan}
          onChange={(e) => setFields((f) => ({ ...f, plan: e.target.value }))}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('customers.filters.all')}</MenuItem>
          {PLAN_NAMES.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('customers.filters.country')}
          value={fields.country}
          error={countryInvalid}
          helperText={
            countryInvalid ? t('customers.errors.country_invalid') : t('customers.filters.countryHelp')
          }
          onChange={(e) => setFields((f) => ({ ...f, country: e.target.value }))}
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { maxLength: 2 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            {t('customers.filters.apply')}
          </Button>
          <Button
            onClick={() => {
              setFields(NO_FILTERS);
              setFilters(NO_FILTERS);
              setPage(0);
            }}
          >
            {t('customers.filters.clear')}
          </Button>
        </Stack>
      </Box>
      {kind === 'all' && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={hayApp}
          aria-label={t('customers.hayApp.label')}
          onChange={(_e, v: HayAppOption | 'any' | null) => {
            if (v === null) return;
            setHayApp(v);
            setPage(0);
          }}
        >
          <ToggleButton value="any">{t('customers.hayApp.any')}</ToggleButton>
          <ToggleButton value="only" data-testid="customers-hayapp-only">
            {t('customers.hayApp.only')}
          </ToggleButton>
          <ToggleButton value="others">{t('customers.hayApp.others')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {list.error && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {!list.data ? (
        !list.error && <LoadingIndicator label={t('customers.loading')} />
      ) : list.data.results.length === 0 ? (
        <EmptyState text={t('customers.empty')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t(`customers.tabs.${kind}`)} data-testid="customers-table">
            <TableHead>
              <TableRow>
                {head('username')}
                {head('name')}
                {head('country')}
                {head('plan')}
                <TableCell align="right">{t('customers.columns.stations')}</TableCell>
                <TableCell>{t(`customers.columns.${extra}`)}</TableCell>
                {head('created')}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.results.map((c) => (
                <TableRow
                  key={c.U_ID}
                  hover
                  onClick={() => onOpen(c.U_ID)}
                  sx={{ cursor: 'pointer' }}
                  data-testid="customer-row"
                >
                  <TableCell>
                    <Button
                      size="small"
                      sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(c.U_ID);
                      }}
                    >
                      {c.username}
                    </Button>
                  </TableCell>
                  <TableCell>{customerName(c)}</TableCell>
                  <TableCell>{c.country?.toUpperCase() ?? ''}</TableCell>
                  <TableCell>
                    {c.planName}
                    {c.planDue !== null && ` · ${date(c.planDue)}`}
                  </TableCell>
                  <TableCell align="right">{c.stations}</TableCell>
                  <TableCell>
                    {extra === 'group' && c.group !== 'other' && (
                      <Chip
                        size="small"
                        color={c.group === 'hayApp' ? 'primary' : 'secondary'}
                        label={t(`customers.groups.${c.group}`)}
                      />
                    )}
                    {extra === 'authorized' && c.authorizedAccounts}
                    {extra === 'migration' && date(c.migrationStarted)}
                  </TableCell>
                  <TableCell>{date(c.created)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.data && list.data.total > 0 && (
        <TablePagination
          component="div"
          count={list.data.total}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...CUSTOMER_PAGE_SIZES]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('customers.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('customers.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`customers.pages.${type}`)}
        />
      )}
    </Stack>
  );
}
