import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ServerLogLine, SysOp } from '@emberwatch/shared/contracts/diagnostics';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { LOG_LEVELS, logLevelName, type LogLevelName } from '@emberwatch/shared/domain/serverLogs';
import { useShellContext } from '../../lib/shellContext';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useAccessLogs, useServerLogs, useSysOps } from './diagnosticsQueries';
import { AccessDetail, SpanSelect, Truncated, useAccessColumns } from './tableParts';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';
import { useDrawnMomentSeconds } from '../../lib/useDrawnMomentSeconds';

const TABS = ['server', 'access', 'jobs'] as const;
type LogTab = (typeof TABS)[number];
const STATUS_CLASSES = ['', '2xx', '3xx', '4xx', '5xx'] as const;

/**
 * /admin/server-logs (spec doc 1 §7 `logs`, `accesslogs`, `getSysOpList`; decision 0095; not
 * /admin/logs, which is the call itself): the servers' own
 * log with the spec's AuxData rule, the HTTP access log and the jobs, each in the generic admin
 * table. Root, Admin and Tech staff; other admins are told, everyone else is sent to "/".
 */
export function ServerLogsPage() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const [tab, setTab] = useState<LogTab>('server');
  if (!mayUseOperatorTool(roleContext, 'serverDiagnostics'))
    return <Alert severity="warning">{t('diagnostics.notYours')}</Alert>;
  return (
    <Stack spacing={2} data-testid="server-logs">
      <Typography variant="body2" color="text.secondary">
        {t('diagnostics.logs.intro')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: LogTab) => setTab(v)} aria-label={t('diagnostics.logs.title')}>
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`diagnostics.logs.tabs.${k}`)} />
        ))}
      </Tabs>
      {tab === 'server' && <ServerLog />}
      {tab === 'access' && <AccessLog />}
      {tab === 'jobs' && <Jobs />}
    </Stack>
  );
}

function ServerLog() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const [hours, setHours] = useState(24);
  const [server, setServer] = useState('all');
  const [level, setLevel] = useState<LogLevelName>('info');
  const [showAux, setShowAux] = useState(false);
  // The span ends now when asked: a fixed end keeps the query's key while the page stays open.
  const toTs = useDrawnMomentSeconds();
  const logs = useServerLogs({ server, fromTs: toTs - hours * 3600, toTs, showAux, level });
  const columns: AdminColumn<ServerLogLine>[] = [
    {
      // Sorted to the millisecond: a request's lines share their second.
      ...timeColumn(time, 'ts', t('diagnostics.columns.time'), (l: ServerLogLine) => l.ts),
      value: (l) => l.ts * 1000 + l.ms,
    },
    {
      key: 'level',
      label: t('diagnostics.columns.level'),
      value: (l) => l.level,
      render: (l) => t(`diagnostics.levels.${logLevelName(l.level)}`),
      filterText: (l) => t(`diagnostics.levels.${logLevelName(l.level)}`),
    },
    { key: 'msg', label: t('diagnostics.columns.message'), value: (l) => l.msg },
    { key: 'server', label: t('diagnostics.columns.server'), value: (l) => l.server },
  ];
  const d = logs.data;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <SpanSelect value={hours} onChange={setHours} testId="logs-span" />
        <TextField
          select
          size="small"
          label={t('diagnostics.columns.server')}
          value={server}
          onChange={(e) => setServer(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'logs-server' } }}
        >
          <MenuItem value="all">{t('diagnostics.logs.allServers')}</MenuItem>
          {(d?.servers ?? []).map((s) => (
            <MenuItem key={`${s.server} ${s.env}`} value={s.server}>
              {s.current
                ? t('diagnostics.logs.thisServer', { server: s.server, env: s.env })
                : `${s.server} (${s.env})`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('diagnostics.columns.level')}
          value={level}
          onChange={(e) => setLevel(e.target.value as LogLevelName)}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'logs-level' } }}
        >
          {(Object.keys(LOG_LEVELS) as LogLevelName[]).map((l) => (
            <MenuItem key={l} value={l}>
              {t(`diagnostics.levels.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={showAux} onChange={(e) => setShowAux(e.target.checked)} />}
          label={t('diagnostics.logs.showAux')}
        />
      </Stack>
      {d && (
        <Typography variant="body2" color="text.secondary" data-testid="logs-naux">
          {showAux ? t('diagnostics.logs.auxShown') : t('diagnostics.logs.nAux', { count: d.nAux })}
        </Typography>
      )}
      <Truncated shown={d?.truncated === true} />
      <QueryAdminTable
        query={{ data: d?.results, error: logs.error, refetch: logs.refetch }}
        columns={columns}
        rowKey={(l) => l.id}
        label={t('diagnostics.logs.tabs.server')}
        detail={(l) => (
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="log-line">
            {l.line}
          </pre>
        )}
        initialSort={{ key: 'ts', direction: 'desc' }}
        emptyText={t('diagnostics.logs.empty')}
        testId="server-log-table"
      />
    </Stack>
  );
}

function AccessLog() {
  const { t } = useTranslation();
  const [hours, setHours] = useState(1);
  const [status, setStatus] = useState('');
  const toTs = useDrawnMomentSeconds();
  const logs = useAccessLogs({ fromTs: toTs - hours * 3600, toTs, status });
  const columns = useAccessColumns();
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <SpanSelect value={hours} onChange={setHours} testId="access-span" />
        <TextField
          select
          size="small"
          label={t('diagnostics.columns.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'access-status' } }}
        >
          {STATUS_CLASSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s === '' ? t('diagnostics.access.anyStatus') : s}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('diagnostics.access.intro')}
      </Typography>
      <Truncated shown={logs.data?.truncated === true} />
      <QueryAdminTable
        query={{ data: logs.data?.results, error: logs.error, refetch: logs.refetch }}
        columns={columns}
        rowKey={(e) => e.id}
        label={t('diagnostics.logs.tabs.access')}
        detail={(e) => <AccessDetail entry={e} />}
        initialSort={{ key: 'ts', direction: 'desc' }}
        emptyText={t('diagnostics.access.empty')}
        testId="access-log-table"
      />
    </Stack>
  );
}

function Jobs() {
  const { t } = useTranslation();
  const jobs = useSysOps();
  const ms = (v: number | null) => (v === null ? null : Math.floor(v / 1000));
  const time = useDateTimeText();
  const every = (j: SysOp) =>
    j.every_ms >= 60_000
      ? t('diagnostics.jobs.everyMin', { count: j.every_ms / 60_000 })
      : t('diagnostics.jobs.everyS', { count: j.every_ms / 1000 });
  const columns: AdminColumn<SysOp>[] = [
    { key: 'name', label: t('diagnostics.columns.job'), value: (j) => j.name },
    {
      key: 'every',
      label: t('diagnostics.columns.every'),
      value: (j) => j.every_ms,
      render: every,
      filterText: every,
    },
    timeColumn(time, 'last', t('diagnostics.columns.lastRun'), (j) => ms(j.last_start_ms)),
    {
      key: 'duration',
      label: t('diagnostics.columns.duration'),
      value: (j) => j.last_duration_ms,
      render: (j) => (j.last_duration_ms === null ? '' : j.last_duration_ms.toFixed(0)),
      align: 'right',
    },
    {
      key: 'result',
      label: t('diagnostics.columns.result'),
      value: (j) =>
        j.running
          ? t('diagnostics.jobs.running')
          : j.last_result === null
            ? null
            : t(`diagnostics.jobs.${j.last_result}`),
    },
    { key: 'runs', label: t('diagnostics.columns.runs'), value: (j) => j.runs, align: 'right' },
    { key: 'failures', label: t('diagnostics.columns.failures'), value: (j) => j.failures, align: 'right' },
    timeColumn(time, 'next', t('diagnostics.columns.nextRun'), (j) => ms(j.next_ms)),
  ];
  const d = jobs.data;
  return (
    <Stack spacing={1.5}>
      {d && (
        <Typography variant="body2" color="text.secondary" data-testid="jobs-server">
          {d.scheduled
            ? t('diagnostics.jobs.server', { server: d.server, since: time(Math.floor(d.started_ms / 1000)) })
            : t('diagnostics.jobs.notScheduled', { server: d.server })}
        </Typography>
      )}
      <QueryAdminTable
        query={{ data: d?.results, error: jobs.error, refetch: jobs.refetch }}
        columns={columns}
        rowKey={(j) => j.name}
        label={t('diagnostics.logs.tabs.jobs')}
        detail={(j) => (j.last_error === null ? null : <Typography color="error">{j.last_error}</Typography>)}
        initialSort={{ key: 'name', direction: 'asc' }}
        testId="jobs-table"
      />
    </Stack>
  );
}
