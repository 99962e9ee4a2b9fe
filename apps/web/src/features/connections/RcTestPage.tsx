import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RcTest, RcTestLogEntry, RcUnit } from '@emberwatch/shared/contracts/connections';
import {
  RC_TEST_DEFAULT_MINUTES,
  RC_TEST_MAX_MINUTES,
  type RcTestState,
} from '@emberwatch/shared/domain/rcTestResponse';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useRcList, useRcTest, useSetRcTest, useSetRcTestEnabled } from './connectionsQueries';
import { STATUS_LABELS, TEST_LOG_LABELS, TEST_STATE_LABELS } from './labels';
import { refusalText } from '../../lib/refusalText';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';
import { useOperatorTool } from '../../lib/useOperatorTool';

const STATE_COLOURS: Record<RcTestState, 'default' | 'warning' | 'info' | 'success'> = {
  off: 'default',
  armed: 'warning',
  used: 'info',
  expired: 'default',
};

/**
 * /rctest_ (spec doc 1 §2 diagnostic pages; decision 0096): every fan controller with its owner,
 * last poll, firmware and modes; a technician sets a controller's test response — the command its
 * next polls get instead of the scheduler's — and switches it on for its minutes or one poll. An
 * armed test shows at the top of the page and in its row; every change and answer is in its log.
 */
export function RcTestPage() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const list = useRcList();
  const armed = (list.data ?? []).filter((u) => u.test?.state === 'armed');
  const columns: AdminColumn<RcUnit>[] = [
    { key: 'id', label: t('connections.rc.controller'), value: (u) => u.FC_ID },
    { key: 'name', label: t('connections.rc.name'), value: (u) => u.name },
    { key: 'owner', label: t('connections.rc.owner'), value: (u) => u.owner },
    { key: 'type', label: t('connections.rc.type'), value: (u) => `${u.type} × ${u.channels}` },
    { key: 'status', label: t('connections.rc.status'), value: (u) => t(STATUS_LABELS[u.status]) },
    timeColumn(time, 'poll', t('connections.rc.lastPoll'), (u) => u.last_poll_ts, t('connections.never')),
    { key: 'firmware', label: t('connections.rc.firmware'), value: (u) => u.firmware },
    {
      key: 'modes',
      label: t('connections.rc.modes'),
      value: (u) => u.modes.map((m) => `${m.channel}:${m.fc_mode ?? '–'}${m.is_manual ? '*' : ''}`).join(' '),
    },
    {
      key: 'test',
      label: t('connections.rc.test'),
      value: (u) => (u.test ? t(TEST_STATE_LABELS[u.test.state]) : null),
      render: (u) =>
        u.test ? (
          <Chip
            size="small"
            color={STATE_COLOURS[u.test.state]}
            label={t(TEST_STATE_LABELS[u.test.state])}
            data-testid={`rc-test-state-${u.FC_ID}`}
          />
        ) : (
          '–'
        ),
    },
  ];
  return (
    <Stack spacing={3} data-testid="rc-test">
      <Typography variant="body2" color="text.secondary">
        {t('connections.rc.intro')}
      </Typography>
      {armed.length > 0 && (
        <Alert severity="warning" data-testid="rc-armed">
          {t('connections.rc.armedNow', { count: armed.length, ids: armed.map((u) => u.FC_ID).join(', ') })}
        </Alert>
      )}
      <QueryAdminTable
        testId="rc-units"
        label={t('connections.rc.title')}
        query={list}
        columns={columns}
        rowKey={(u) => u.FC_ID}
        initialSort={{ key: 'id', direction: 'asc' }}
        detail={(u) => <TestEditor unit={u} />}
        emptyText={t('connections.rc.none')}
      />
    </Stack>
  );
}

function TestEditor({ unit }: { unit: RcUnit }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const maySet = useOperatorTool('rcTestResponses');
  const current = useRcTest(unit.FC_ID);
  const test: RcTest | null = current.data?.results[0] ?? unit.test;
  const [channel, setChannel] = useState<number | 'all'>(test?.channel ?? 'all');
  const [command, setCommand] = useState<0 | 1>(test?.command ?? 1);
  const [once, setOnce] = useState(test?.once ?? false);
  const [minutes, setMinutes] = useState(test?.minutes ?? RC_TEST_DEFAULT_MINUTES);
  const save = useSetRcTest();
  const enable = useSetRcTestEnabled();
  const error = save.error ?? enable.error;
  const busy = !maySet || save.isPending || enable.isPending;
  const minutesOk = Number.isInteger(minutes) && minutes >= 1 && minutes <= RC_TEST_MAX_MINUTES;

  const logColumns: AdminColumn<RcTestLogEntry>[] = [
    timeColumn(time, 'ts', t('connections.rc.time'), (l) => l.ts),
    { key: 'kind', label: t('connections.rc.event'), value: (l) => t(TEST_LOG_LABELS[l.kind]) },
    {
      key: 'what',
      label: t('connections.rc.command'),
      value: (l) =>
        l.command === null
          ? null
          : `${l.command === 1 ? t('connections.rc.on') : t('connections.rc.off')} · ${
              l.channel === null
                ? t('connections.rc.allChannels')
                : t('connections.rc.channelN', { n: l.channel })
            }`,
    },
    { key: 'by', label: t('connections.rc.by'), value: (l) => l.by ?? t('connections.rc.byPoll') },
  ];

  return (
    <Stack spacing={2} sx={{ py: 1 }} data-testid={`rc-editor-${unit.FC_ID}`}>
      {test && (
        <Typography variant="body2" data-testid="rc-test-summary">
          {t('connections.rc.summary', {
            state: t(TEST_STATE_LABELS[test.state]),
            command: test.command === 1 ? t('connections.rc.on') : t('connections.rc.off'),
            channel:
              test.channel === null
                ? t('connections.rc.allChannels')
                : t('connections.rc.channelN', { n: test.channel }),
            until: test.expires_ts === null ? '–' : time(test.expires_ts),
            answers: test.answers,
          })}
        </Typography>
      )}
      {!maySet && <Alert severity="info">{t('connections.rc.readOnly')}</Alert>}
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('connections.rc.channel')}
          value={channel}
          onChange={(e) => setChannel(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'rc-channel' } }}
        >
          <MenuItem value="all">{t('connections.rc.allChannels')}</MenuItem>
          {Array.from({ length: unit.channels }, (_, i) => i + 1).map((n) => (
            <MenuItem key={n} value={n}>
              {t('connections.rc.channelN', { n })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('connections.rc.command')}
          value={command}
          onChange={(e) => setCommand(Number(e.target.value) === 1 ? 1 : 0)}
          sx={{ minWidth: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'rc-command' } }}
        >
          <MenuItem value={1}>{t('connections.rc.on')}</MenuItem>
          <MenuItem value={0}>{t('connections.rc.off')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('connections.rc.minutes')}
          value={minutes}
          onChange={(e) => setMinutes(Math.floor(Number(e.target.value)))}
          error={!minutesOk}
          helperText={minutesOk ? undefined : t('connections.rc.minutesRange', { max: RC_TEST_MAX_MINUTES })}
          sx={{ width: 130 }}
          slotProps={{ htmlInput: { min: 1, max: RC_TEST_MAX_MINUTES, 'data-testid': 'rc-minutes' } }}
        />
        <FormControlLabel
          control={<Switch checked={once} onChange={(e) => setOnce(e.target.checked)} />}
          label={t('connections.rc.once')}
        />
        <Button
          variant="contained"
          disabled={busy || !minutesOk}
          onClick={() =>
            save.mutate({
              fc_id: unit.FC_ID,
              channel: channel === 'all' ? null : channel,
              command,
              once,
              minutes,
            })
          }
        >
          {t('connections.rc.save')}
        </Button>
        <FormControlLabel
          control={
            <Switch
              checked={test?.enabled ?? false}
              disabled={busy || !test}
              onChange={(e) => enable.mutate({ fc_id: unit.FC_ID, enabled: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'rc-enabled' } as object }}
            />
          }
          label={t('connections.rc.enabled')}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('connections.rc.help')}
      </Typography>
      {error && <Alert severity="error">{refusalText(error, t('connections.switchFailed'))}</Alert>}
      <QueryAdminTable
        testId="rc-log"
        label={t('connections.rc.log')}
        query={{ data: current.data?.log, error: current.error, refetch: current.refetch }}
        columns={logColumns}
        rowKey={(l) => l.id}
        initialSort={{ key: 'ts', direction: 'desc' }}
        emptyText={t('connections.rc.noLog')}
      />
    </Stack>
  );
}
