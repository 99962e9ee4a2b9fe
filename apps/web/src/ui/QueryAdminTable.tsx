import { useTranslation } from 'react-i18next';
import { AdminTable, type AdminTableProps } from './AdminTable';
import { LoadErrorAlert } from './LoadErrorAlert';
import { LoadingIndicator } from './LoadingIndicator';

/** What the table needs of a query: its rows once loaded, its error, and a way to try again. */
export interface RowsQuery<Row> {
  data: readonly Row[] | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * An AdminTable over a query's rows: the load error with a retry while the query failed, a spinner
 * while it loads, the table once the rows are there.
 */
export function QueryAdminTable<Row>({
  query,
  ...table
}: Omit<AdminTableProps<Row>, 'rows'> & { query: RowsQuery<Row> }) {
  const { t } = useTranslation();
  if (query.error) return <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingIndicator label={t('common.loading')} />;
  return <AdminTable rows={query.data} {...table} />;
}
