import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EarlyCall, LoggedStation, StationCall } from '@emberwatch/shared/contracts/stationLogs';
import { MAX_TRAFFIC_OFFSET_H } from '@emberwatch/shared/domain/stationTraffic';
import { refusalText } from '../../lib/refusalText';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useSelectedStation } from '../base-stations';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';
import { CALL_KIND_LABELS } from './callKindLabels';
import { useBsLogs, useEarlyCalls, useLoggingList, useSetLogging } from './stationLogsQueries';
import { useOperatorTool } from '../../lib/useOperatorTool';

/** The spans /bslog offers, in hours. */
export const BSLOG_HOURS = [1, 3, 6, 12, 24, 48, 168] as const;
const STATION_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * /bslog (spec doc 3 "Admin and bslog pages are for admins", doc 1 §7 "base station logs take
 * basestationID, offset, hours, getTS"): a station's calls as the server recorded them (decision
 * 0090), its detailed logging, the stations with detailed logging and the early calls — stations
 * calling before anyone registered or activated them. Everyone else is sent to "/".
 */
export function BsLogPage() {
  const { t } = useTranslation();
  const initial = useSelectedStation().selected?.bs_id ?? '';
  const [typed, setTyped] = useState(initial);
  const [bsId, setBsId] = useState(initial);
  const [hours, setHours] = useState(24);
  const [offset, setOffset] = useState(0);
  const valid = STATION_ID.test(typed.trim());
  const show = (e?: FormEvent) => {
    e?.preventDefault();
    if (valid) setBsId(typed.trim());
  };
  const pick = (id: string) => {
    setTyped(id);
    setBsId(id);
  };

  return (
    <Stack spacing={3} data-testid="bslog">
      <Typography variant="body2" color="text.secondary">
        {t('stationLogs.page.intro')}
      </Typography>
      <Stack
        component="form"
        direction="row"
        onSubmit={show}
        sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label={t('stationLogs.page.station')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={typed !== '' && !valid}
          helperText={typed !== '' && !valid ? t('stationLogs.page.stationInvalid') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'bslog-station', maxLength: 32 } }}
        />
        <TextField
          select
          size="small"
          label={t('stationLogs.page.hours')}
          value={hours}
          onChange={(e) => setHours(Number(e.target.value))}
          sx={{ minWidth: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'bslog-hours' } }}
        >
          {BSLOG_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {t('stationLogs.traffic.hoursShort', { count: h })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('stationLogs.page.offset')}
          value={offset}
          onChange={(e) =>
            setOffset(Math.min(MAX_TRAFFIC_OFFSET_H, Math.max(0, Math.floor(Number(e.target.value) || 0))))
          }
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { min: 0, max: MAX_TRAFFIC_OFFSET_H, 'data-testid': 'bslog-offset' } }}
        />
        <Button type="submit" variant="contained" disabled={!valid}>
          {t('stationLogs.page.show')}
        </Button>
      </Stack>
      {bsId !== '' && <StationCalls bsId={bsId} hours={hours} offset={offset} />}
      <LoggedStations onPick={pick} />
      <EarlyCalls onPick={pick} />
    </Stack>
  );
}

function StationCalls({ bsId, hours, offset }: { bsId: string; hours: number; offset: number }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const logs = useBsLogs(bsId, hours, offset);
  const setLogging = useSetLogging();
  const maySwitch = useOperatorTool('stationLogging');

  if (logs.error && !logs.data)
    return <LoadErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />;
  if (!logs.data) return <LoadingIndicator label={t('common.loading')} />;
  const d = logs.data;
  const ts = d.timestamps;
  const never = t('stationLogs.traffic.never');
  const at = (v: number | null | undefined) => (v === null || v === undefined ? never : time(v));
  const columns: AdminColumn<StationCall>[] = [
    timeColumn(time, 'ts', t('stationLogs.columns.time'), (c) => c.ts),
    { key: 'kind', label: t('stationLogs.columns.kind'), value: (c) => t(CALL_KIND_LABELS[c.kind]) },
    { key: 'status', label: t('stationLogs.columns.status'), value: (c) => c.status, align: 'right' },
    { key: 'bytes', label: t('stationLogs.columns.bytes'), value: (c) => c.bytes_up, align: 'right' },
    {
      key: 'duration',
      label: t('stationLogs.columns.duration'),
      value: (c) => c.duration_ms,
      render: (c) => c.duration_ms.toFixed(1),
      align: 'right',
    },
    { key: 'readings', label: t('stationLogs.columns.readings'), value: (c) => c.readings, align: 'right' },
    {
      key: 'network',
      label: t('stationLogs.columns.network'),
      value: (c) => (c.operator === null ? null : `${c.operator} ${c.net ?? ''} ${c.mobile_rssi ?? ''} dBm`),
    },
  ];

  return (
    <Stack spacing={1.5} component="section" aria-label={t('stationLogs.page.calls', { bsId })}>
      <Typography variant="h6" component="h2">
        {t('stationLogs.page.calls', { bsId })}
      </Typography>
      {ts && (
        <Typography variant="body2" color="text.secondary" data-testid="bslog-times">
          {ts.registered
            ? t('stationLogs.page.times', {
                activation: at(ts.activation_ts),
                boot: at(ts.last_boot_ts),
                conf: at(ts.last_conf_ts),
                data: at(ts.last_data_ts),
                call: at(ts.last_call_ts),
              })
            : t('stationLogs.page.unregistered', { call: at(ts.last_call_ts) })}
        </Typography>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={d.detailed}
            disabled={!maySwitch || setLogging.isPending}
            onChange={(e) => setLogging.mutate({ bsId, logging: e.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'bslog-detailed-help' } }}
          />
        }
        label={t('stationLogs.page.detailed')}
      />
      <Typography id="bslog-detailed-help" variant="caption" color="text.secondary">
        {maySwitch ? t('stationLogs.page.detailedHelp') : t('stationLogs.page.detailedNotYours')}
      </Typography>
      {setLogging.error && (
        <Alert severity="error">{refusalText(setLogging.error, t('stationLogs.page.switchFailed'))}</Alert>
      )}
      <AdminTable
        testId="bslog-calls"
        label={t('stationLogs.page.calls', { bsId })}
        rows={d.results}
        columns={columns}
        rowKey={(c) => c.id}
        initialSort={{ key: 'ts', direction: 'desc' }}
        detail={(c) => (c.detail === null ? null : <DetailText text={c.detail} />)}
        emptyText={t('stationLogs.page.noCalls')}
      />
    </Stack>
  );
}

/** A call's summary, laid out when it is JSON (it is at most 2,000 characters, cut otherwise). */
function DetailText({ text }: { text: string }) {
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // A cut summary: shown as it is.
  }
  return (
    <Typography
      component="pre"
      variant="body2"
      sx={{ m: 0, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {shown}
    </Typography>
  );
}

function StationLink({ id, onPick }: { id: string; onPick: (id: string) => void }) {
  return (
    <Link component="button" type="button" onClick={() => onPick(id)}>
      {id}
    </Link>
  );
}

function LoggedStations({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const list = useLoggingList();
  const columns: AdminColumn<LoggedStation>[] = [
    {
      key: 'bs_id',
      label: t('stationLogs.columns.station'),
      value: (s) => s.bs_id,
      render: (s) => <StationLink id={s.bs_id} onPick={onPick} />,
    },
    timeColumn(time, 'since', t('stationLogs.columns.since'), (s) => s.since_ts),
    { key: 'by', label: t('stationLogs.columns.by'), value: (s) => s.by },
  ];
  return (
    <Stack spacing={1.5} component="section" aria-label={t('stationLogs.page.logged')}>
      <Typography variant="h6" component="h2">
        {t('stationLogs.page.logged')}
      </Typography>
      <QueryAdminTable
        testId="bslog-logged"
        label={t('stationLogs.page.logged')}
        query={list}
        columns={columns}
        rowKey={(s) => s.bs_id}
        initialSort={{ key: 'bs_id', direction: 'asc' }}
        emptyText={t('stationLogs.page.noneLogged')}
      />
    </Stack>
  );
}

function EarlyCalls({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const [hours, setHours] = useState(24);
  const early = useEarlyCalls(hours);
  const columns: AdminColumn<EarlyCall>[] = [
    timeColumn(time, 'ts', t('stationLogs.columns.time'), (c) => c.ts),
    {
      key: 'bs_id',
      label: t('stationLogs.columns.station'),
      value: (c) => c.bs_id,
      render: (c) => <StationLink id={c.bs_id} onPick={onPick} />,
    },
    { key: 'kind', label: t('stationLogs.columns.kind'), value: (c) => t(CALL_KIND_LABELS[c.kind]) },
    { key: 'status', label: t('stationLogs.columns.status'), value: (c) => c.status, align: 'right' },
    { key: 'bytes', label: t('stationLogs.columns.bytes'), value: (c) => c.bytes_up, align: 'right' },
    {
      key: 'registered',
      label: t('stationLogs.columns.state'),
      value: (c) => (c.registered ? t('stationLogs.page.notActivated') : t('stationLogs.page.unknownId')),
    },
  ];
  return (
    <Stack spacing={1.5} component="section" aria-label={t('stationLogs.page.early')}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('stationLogs.page.early')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('stationLogs.page.hours')}
          value={hours}
          onChange={(e) => setHours(Number(e.target.value))}
          sx={{ minWidth: 120 }}
        >
          {BSLOG_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {t('stationLogs.traffic.hoursShort', { count: h })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('stationLogs.page.earlyHelp')}
      </Typography>
      <QueryAdminTable
        testId="bslog-early"
        label={t('stationLogs.page.early')}
        query={early}
        columns={columns}
        rowKey={(c) => c.id}
        initialSort={{ key: 'ts', direction: 'desc' }}
        emptyText={t('stationLogs.page.noEarly')}
      />
    </Stack>
  );
}
