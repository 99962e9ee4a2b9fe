import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TestStation } from '@emberwatch/shared/contracts/diagnostics';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { TemperatureBar, useTemperatureScale } from '../probes';
import { useTestData } from './diagnosticsQueries';
import { SpanSelect, Truncated } from './tableParts';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText, useUiPreferences } from '../sessions';

/**
 * /test_ (spec doc 1 §2 diagnostic pages, §7 getTestDataAll; decision 0095): stations registered
 * but not activated that called in — their factory test — with each probe's latest test reading in
 * the user's colour steps. Every staff level; everyone else is sent to "/".
 */
export function TestDataPage() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const [hours, setHours] = useState(168);
  const data = useTestData(hours);
  const columns: AdminColumn<TestStation>[] = [
    { key: 'bs', label: t('diagnostics.columns.station'), value: (s) => s.bs_id },
    timeColumn(time, 'registered', t('diagnostics.columns.registered'), (s) => s.registered_ts),
    { key: 'calls', label: t('diagnostics.columns.calls'), value: (s) => s.calls, align: 'right' },
    { key: 'data', label: t('diagnostics.columns.dataCalls'), value: (s) => s.data_calls, align: 'right' },
    { key: 'readings', label: t('diagnostics.columns.readings'), value: (s) => s.readings, align: 'right' },
    { key: 'probes', label: t('diagnostics.columns.probes'), value: (s) => s.probes.length, align: 'right' },
    timeColumn(time, 'first', t('diagnostics.columns.firstCall'), (s) => s.first_ts),
    timeColumn(time, 'last', t('diagnostics.columns.lastCall'), (s) => s.last_ts),
    { key: 'status', label: t('diagnostics.columns.status'), value: (s) => s.last_status, align: 'right' },
  ];
  return (
    <Stack spacing={2} data-testid="test-data">
      <Typography variant="body2" color="text.secondary">
        {t('diagnostics.tests.intro')}
      </Typography>
      <SpanSelect value={hours} onChange={setHours} testId="tests-span" />
      <Truncated shown={data.data?.truncated === true} />
      <QueryAdminTable
        query={{ data: data.data?.results, error: data.error, refetch: data.refetch }}
        columns={columns}
        rowKey={(s) => s.bs_id}
        label={t('diagnostics.tests.title')}
        detail={(s) => <TestProbes station={s} />}
        initialSort={{ key: 'last', direction: 'desc' }}
        emptyText={t('diagnostics.tests.empty')}
        testId="tests-table"
      />
    </Stack>
  );
}

/** A station's probes with their latest test reading, coloured by the user's colour steps. */
function TestProbes({ station }: { station: TestStation }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const prefs = useUiPreferences();
  const scale = useTemperatureScale();
  if (station.probes.length === 0)
    return <Typography color="text.secondary">{t('diagnostics.tests.noReadings')}</Typography>;
  return (
    <Table size="small" aria-label={t('diagnostics.tests.probesOf', { bsId: station.bs_id })}>
      <TableHead>
        <TableRow>
          <TableCell>{t('diagnostics.columns.probe')}</TableCell>
          <TableCell>{t('diagnostics.columns.measured')}</TableCell>
          <TableCell>{t('diagnostics.columns.temperature')}</TableCell>
          <TableCell align="right">{t('diagnostics.columns.rssi')}</TableCell>
          <TableCell align="right">{t('diagnostics.columns.battery')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {station.probes.map((p) => (
          <TableRow key={p.sensor_id} data-testid="test-probe">
            <TableCell>{p.sensor_id}</TableCell>
            <TableCell>{time(p.meas_ts)}</TableCell>
            <TableCell>
              {p.temperature === null ? (
                '—'
              ) : (
                <TemperatureBar
                  temperatures={[p.temperature]}
                  unit={unitOf(prefs.degrees)}
                  colorStepsC={scale.colorStepsC}
                  testId="test-temperature"
                />
              )}
            </TableCell>
            <TableCell align="right">{p.sensor_rssi ?? '—'}</TableCell>
            <TableCell align="right">{p.batt === null ? '—' : (p.batt / 100).toFixed(2)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
