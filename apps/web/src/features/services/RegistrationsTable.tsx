import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { ServiceRegistration } from '@emberwatch/shared/contracts/services';
import { formatDate } from '../../lib/formatDate';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable, type RowsQuery } from '../../ui/QueryAdminTable';
import { useUiPreferences } from '../sessions';
import { serviceValueText } from './serviceValueText';

/** Registrations as the console lists them: the account (unless one account's), kind, value, dates, who. */
export function RegistrationsTable({
  query,
  withAccount,
  testId,
}: {
  query: RowsQuery<ServiceRegistration>;
  withAccount: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const date = (ts: number | null) => (ts === null ? '' : formatDate(ts, prefs.date_format));
  const state = (r: ServiceRegistration) =>
    r.endedTs === null
      ? t('services.state.running')
      : t(r.endedBy === 'expiry' ? 'services.state.expired' : 'services.state.replaced');

  const columns: AdminColumn<ServiceRegistration>[] = [
    ...(withAccount
      ? [
          {
            key: 'account',
            label: t('services.columns.account'),
            value: (r: ServiceRegistration) => r.username,
          },
        ]
      : []),
    { key: 'kind', label: t('services.columns.kind'), value: (r) => t(`services.kind.${r.kind}`) },
    { key: 'value', label: t('services.columns.value'), value: (r) => serviceValueText(t, r.kind, r.value) },
    {
      key: 'start',
      label: t('services.columns.start'),
      value: (r) => r.startTs,
      render: (r) => date(r.startTs),
      filterText: (r) => date(r.startTs),
    },
    {
      key: 'until',
      label: t('services.columns.until'),
      value: (r) => r.untilTs,
      render: (r) => (r.untilTs === null ? t('services.noEnd') : date(r.untilTs)),
      filterText: (r) => date(r.untilTs),
    },
    {
      key: 'state',
      label: t('services.columns.state'),
      value: state,
      render: (r) => (
        <Chip size="small" color={r.endedTs === null ? 'success' : 'default'} label={state(r)} />
      ),
    },
    { key: 'note', label: t('services.columns.note'), value: (r) => r.note },
    { key: 'staff', label: t('services.columns.staff'), value: (r) => r.staff },
  ];
  return (
    <QueryAdminTable
      query={query}
      columns={columns}
      rowKey={(r) => r.id}
      label={t('services.tableLabel')}
      initialSort={{ key: 'start', direction: 'desc' }}
      emptyText={t('services.empty')}
      testId={testId}
    />
  );
}
