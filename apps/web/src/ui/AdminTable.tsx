import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
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

/** What a cell holds for sorting and filtering (null sorts last and matches nothing). */
export type AdminCellValue = string | number | null;

export interface AdminColumn<Row> {
  key: string;
  label: string;
  /** The value the column sorts and filters by. */
  value: (row: Row) => AdminCellValue;
  /** How the cell shows (default: the value as it is). */
  render?: (row: Row) => ReactNode;
  /** The text the filter looks in (default: the value). */
  filterText?: (row: Row) => string;
  align?: 'left' | 'right';
}

export type SortDirection = 'asc' | 'desc';

export interface AdminTableProps<Row> {
  rows: readonly Row[];
  columns: readonly AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** The table's name for screen readers. */
  label: string;
  /** A row's sub-row, shown when the row is expanded; rows it gives null for do not expand. */
  detail?: (row: Row) => ReactNode | null;
  initialSort?: { key: string; direction: SortDirection };
  /** Rows per page to choose from ('all': every row on one page); the first is the default. */
  pageSizes?: readonly (number | 'all')[];
  /** What an empty table says (default: a generic "No rows"). */
  emptyText?: string;
  testId?: string;
}

function pageSizeValue(size: number | 'all'): number {
  return size === 'all' ? -1 : size;
}

/** Compares two cell values: numbers as numbers, text by the locale, null after everything. */
export function compareCells(a: AdminCellValue, b: AdminCellValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The console's generic list (spec doc 3 "Admin and translations": a filterable, sortable, paginated
 * admin table with an expandable sub-row). One filter looks in every column; a header sorts by its
 * column and again the other way; rows come a page at a time; a row with a sub-row opens it below
 * itself. It knows no domain: its columns and sub-rows are the caller's.
 */
export function AdminTable<Row>({
  rows,
  columns,
  rowKey,
  label,
  detail,
  initialSort,
  pageSizes = [10, 20, 50, 100],
  emptyText,
  testId,
}: AdminTableProps<Row>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState(initialSort ?? null);
  const [page, setPage] = useState(0);
  // -1 is "all", as MUI's pager takes it.
  const [pageSize, setPageSize] = useState(pageSizeValue(pageSizes[0] ?? 10));
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());

  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    const matching = needle
      ? rows.filter((row) =>
          columns.some((c) => {
            const text = c.filterText ? c.filterText(row) : c.value(row);
            return text !== null && String(text).toLocaleLowerCase().includes(needle);
          }),
        )
      : [...rows];
    const column = sort && columns.find((c) => c.key === sort.key);
    if (column) {
      const sign = sort.direction === 'asc' ? 1 : -1;
      matching.sort((a, b) => {
        const va = column.value(a);
        const vb = column.value(b);
        // Empty cells stay last whichever way the column sorts.
        if (va === null || vb === null) return compareCells(va, vb);
        return sign * compareCells(va, vb);
      });
    }
    return matching;
  }, [rows, columns, filter, sort]);

  const lastPage = pageSize < 0 ? 0 : Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const pageRows = pageSize < 0 ? shown : shown.slice(current * pageSize, (current + 1) * pageSize);
  const span = columns.length + (detail ? 1 : 0);

  const sortBy = (key: string) => {
    setSort((s) =>
      s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' },
    );
    setPage(0);
  };
  const toggle = (key: string | number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Paper variant="outlined" data-testid={testId}>
      <Box sx={{ p: 1.5 }}>
        <TextField
          size="small"
          label={t('common.table.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'admin-table-filter' } }}
        />
      </Box>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {detail && <TableCell padding="checkbox" />}
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sortDirection={sort?.key === c.key ? sort.direction : false}
                >
                  {/* A column without a heading (the row's actions) is not sorted: a sort button
                      with no name would be read as just "button" (decision 0138). */}
                  {c.label === '' ? null : (
                    <TableSortLabel
                      active={sort?.key === c.key}
                      direction={sort?.key === c.key ? sort.direction : 'asc'}
                      onClick={() => sortBy(c.key)}
                    >
                      {c.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={span}>
                  <Typography variant="body2" color="text.secondary">
                    {emptyText ?? t('common.table.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {pageRows.map((row) => {
              const key = rowKey(row);
              const sub = detail?.(row) ?? null;
              const isOpen = sub !== null && open.has(key);
              return (
                <Fragment key={key}>
                  <TableRow
                    hover
                    data-testid="admin-table-row"
                    sx={sub ? { '& > td': { borderBottom: 'unset' } } : undefined}
                  >
                    {detail && (
                      <TableCell padding="checkbox">
                        {sub !== null && (
                          <IconButton
                            size="small"
                            aria-expanded={isOpen}
                            aria-label={
                              isOpen ? t('common.table.hideDetails') : t('common.table.showDetails')
                            }
                            onClick={() => toggle(key)}
                          >
                            {isOpen ? (
                              <KeyboardArrowUp fontSize="small" />
                            ) : (
                              <KeyboardArrowDown fontSize="small" />
                            )}
                          </IconButton>
                        )}
                      </TableCell>
                    )}
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.align}>
                        {c.render ? c.render(row) : c.value(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                  {sub !== null && (
                    <TableRow>
                      <TableCell colSpan={span} sx={{ py: 0 }}>
                        <Collapse in={isOpen} unmountOnExit>
                          <Box sx={{ py: 1.5 }} data-testid="admin-table-detail">
                            {sub}
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={shown.length}
        page={current}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes.map((s) =>
          s === 'all' ? { label: t('common.table.all'), value: -1 } : s,
        )}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('common.table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('common.table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) =>
          t(
            type === 'first'
              ? 'common.table.firstPage'
              : type === 'last'
                ? 'common.table.lastPage'
                : type === 'next'
                  ? 'common.table.nextPage'
                  : 'common.table.previousPage',
          )
        }
      />
    </Paper>
  );
}
