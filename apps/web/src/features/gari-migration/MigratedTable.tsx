import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GariMigration } from '@emberwatch/shared/contracts/gariMigration';
import { formatDateTime } from '../../lib/formatDateTime';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { useUiPreferences } from '../sessions';
import { useGariMigrations } from './gariMigrationQueries';
import { PhoneDialog } from './PhoneDialog';

/** The accounts moved in so far (GET getGariMigrations), each with its state and the phone's step. */
export function MigratedTable() {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const canMigrate = useOperatorTool('gariMigration');
  const list = useGariMigrations();
  const [phoneOf, setPhoneOf] = useState<GariMigration | null>(null);
  const time = (ts: number | null) =>
    ts === null ? '' : formatDateTime(ts, prefs.date_format, prefs.time_format);
  const columns: AdminColumn<GariMigration>[] = [
    { key: 'gari_id', label: t('gariMigration.columns.gariId'), value: (m) => m.gari_id },
    { key: 'username', label: t('gariMigration.columns.username'), value: (m) => m.username },
    { key: 'phone', label: t('gariMigration.columns.phone'), value: (m) => m.phone },
    {
      key: 'state',
      label: t('gariMigration.columns.state'),
      value: (m) => t(`gariMigration.states.${m.state}`),
    },
    { key: 'stations', label: t('gariMigration.columns.stations'), value: (m) => m.stations, align: 'right' },
    { key: 'probes', label: t('gariMigration.columns.probes'), value: (m) => m.probes, align: 'right' },
    {
      key: 'completed',
      label: t('gariMigration.columns.completed'),
      value: (m) => m.completed_ts,
      render: (m) => time(m.completed_ts),
    },
    {
      key: 'actions',
      label: '',
      value: () => null,
      render: (m) =>
        canMigrate && m.state === 'completed' ? (
          <Button size="small" onClick={() => setPhoneOf(m)} data-testid={`gari-phone-${m.gari_id}`}>
            {t('gariMigration.phone.open')}
          </Button>
        ) : m.last_error ? (
          t('gariMigration.lastError', { error: m.last_error })
        ) : null,
    },
  ];
  if (list.isError) return <Alert severity="error">{t('gariMigration.loadFailed')}</Alert>;
  return (
    <>
      <AdminTable
        rows={list.data ?? []}
        columns={columns}
        rowKey={(m) => m.gari_id}
        label={t('gariMigration.migrated.title')}
        emptyText={t('gariMigration.migrated.none')}
        testId="gari-migrated"
      />
      {phoneOf && <PhoneDialog migration={phoneOf} onClose={() => setPhoneOf(null)} />}
    </>
  );
}
