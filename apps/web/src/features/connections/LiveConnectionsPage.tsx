import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LiveClient, LiveInstance, MutedUser } from '@emberwatch/shared/contracts/connections';
import { connectionsByUser } from '@emberwatch/shared/domain/liveSwitches';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useSetClientSocket, useSetServerSocket, useSocketStatuses } from './connectionsQueries';
import { RELAY_LABELS } from './labels';
import { refusalText } from '../../lib/refusalText';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';
import { useOperatorTool } from '../../lib/useOperatorTool';

interface UserRow {
  userId: number;
  username: string | null;
  name: string | null;
  muted: boolean;
  connections: (LiveClient & { userId: number; connectedTs: number })[];
}

/**
 * /admin/connections (decision 0096): the live connections of every server instance — who is
 * connected, since when, what they receive — and the switches: a user's live updates off or on, a
 * user's sockets closed, the push off for everyone, every client or the relay reconnected.
 */
export function LiveConnectionsPage() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const mayswitch = useOperatorTool('liveSwitches');
  const statuses = useSocketStatuses();
  const client = useSetClientSocket();
  const server = useSetServerSocket();
  const error = client.error ?? server.error;

  if (statuses.error && !statuses.data)
    return <LoadErrorAlert error={statuses.error} onRetry={() => void statuses.refetch()} />;
  if (!statuses.data) return <LoadingIndicator label={t('common.loading')} />;
  const s = statuses.data;
  const busy = client.isPending || server.isPending || !mayswitch;

  const users: UserRow[] = connectionsByUser(
    s.clients.map((c) => ({ ...c, userId: c.UID, connectedTs: c.connected_ts })),
  ).map((g) => ({
    userId: g.userId,
    username: g.connections[0]?.username ?? null,
    name: g.connections[0]?.name ?? null,
    muted: g.connections.some((c) => c.muted),
    connections: g.connections,
  }));

  const userColumns: AdminColumn<UserRow>[] = [
    { key: 'user', label: t('connections.live.user'), value: (u) => u.username ?? String(u.userId) },
    { key: 'name', label: t('connections.live.name'), value: (u) => u.name },
    {
      key: 'sockets',
      label: t('connections.live.sockets'),
      value: (u) => u.connections.length,
      align: 'right',
    },
    timeColumn(time, 'since', t('connections.live.since'), (u) =>
      Math.min(...u.connections.map((c) => c.connected_ts)),
    ),
    {
      key: 'live',
      label: t('connections.live.liveUpdates'),
      value: (u) => (u.muted ? t('connections.live.off') : t('connections.live.on')),
      render: (u) => (
        <Chip
          size="small"
          color={u.muted ? 'warning' : 'success'}
          label={u.muted ? t('connections.live.off') : t('connections.live.on')}
        />
      ),
    },
    {
      key: 'actions',
      label: t('connections.live.actions'),
      value: () => null,
      render: (u) => (
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            size="small"
            disabled={busy}
            onClick={() => client.mutate({ UID: u.userId, action: u.muted ? 'enable' : 'disable' })}
          >
            {u.muted ? t('connections.live.enable') : t('connections.live.disable')}
          </Button>
          <Button
            size="small"
            disabled={busy}
            onClick={() => client.mutate({ UID: u.userId, action: 'disconnect' })}
          >
            {t('connections.live.disconnect')}
          </Button>
        </Stack>
      ),
    },
  ];

  const socketColumns: AdminColumn<LiveClient>[] = [
    { key: 'id', label: t('connections.live.connection'), value: (c) => c.id },
    { key: 'instance', label: t('connections.live.instance'), value: (c) => c.instance },
    timeColumn(time, 'since', t('connections.live.since'), (c) => c.connected_ts),
    {
      key: 'stations',
      label: t('connections.live.stations'),
      value: (c) => (c.is_admin ? t('connections.live.allStations') : c.stations),
    },
    { key: 'pushed', label: t('connections.live.pushed'), value: (c) => c.pushed, align: 'right' },
    timeColumn(time, 'last', t('connections.live.lastPush'), (c) => c.last_push_ts, t('connections.never')),
    { key: 'address', label: t('connections.live.address'), value: (c) => c.address },
    { key: 'agent', label: t('connections.live.agent'), value: (c) => c.agent },
    {
      key: 'drop',
      label: t('connections.live.actions'),
      value: () => null,
      render: (c) => (
        <Button
          size="small"
          disabled={busy}
          onClick={() => client.mutate({ UID: c.UID, action: 'disconnect', connection: c.id })}
        >
          {t('connections.live.disconnect')}
        </Button>
      ),
    },
  ];

  const instanceColumns: AdminColumn<LiveInstance>[] = [
    {
      key: 'instance',
      label: t('connections.live.instance'),
      value: (i) => (i.self ? `${i.instance} ★` : i.instance),
    },
    timeColumn(time, 'started', t('connections.live.started'), (i) => i.started_ts),
    timeColumn(time, 'seen', t('connections.live.seen'), (i) => i.seen_ts),
    { key: 'clients', label: t('connections.live.clients'), value: (i) => i.clients, align: 'right' },
    { key: 'pending', label: t('connections.live.pending'), value: (i) => i.pending, align: 'right' },
    {
      key: 'push',
      label: t('connections.live.push'),
      value: (i) => (i.push_enabled ? t('connections.live.on') : t('connections.live.off')),
    },
    { key: 'relay', label: t('connections.live.relay'), value: (i) => t(RELAY_LABELS[i.relay.state]) },
    {
      key: 'events',
      label: t('connections.live.relayEvents'),
      value: (i) => `${i.relay.sent} / ${i.relay.received}`,
    },
  ];

  const mutedColumns: AdminColumn<MutedUser>[] = [
    { key: 'user', label: t('connections.live.user'), value: (m) => m.username ?? String(m.UID) },
    timeColumn(time, 'since', t('connections.live.since'), (m) => m.since_ts),
    { key: 'by', label: t('connections.live.by'), value: (m) => m.by },
    {
      key: 'actions',
      label: t('connections.live.actions'),
      value: () => null,
      render: (m) => (
        <Button size="small" disabled={busy} onClick={() => client.mutate({ UID: m.UID, action: 'enable' })}>
          {t('connections.live.enable')}
        </Button>
      ),
    },
  ];
  const hasRelay = s.instances.some((i) => i.relay.state !== 'none');

  return (
    <Stack spacing={3} data-testid="live-connections">
      <Typography variant="body2" color="text.secondary">
        {t('connections.live.intro')}
      </Typography>
      {!mayswitch && <Alert severity="info">{t('connections.live.readOnly')}</Alert>}
      {error && <Alert severity="error">{refusalText(error, t('connections.switchFailed'))}</Alert>}
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={s.push_enabled}
              disabled={busy}
              onChange={(e) => server.mutate({ link: 'push', action: e.target.checked ? 'on' : 'off' })}
              slotProps={{ input: { 'data-testid': 'push-switch' } as object }}
            />
          }
          label={t('connections.live.pushSwitch')}
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => server.mutate({ link: 'push', action: 'reconnect' })}
        >
          {t('connections.live.reconnectClients')}
        </Button>
        {hasRelay && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => server.mutate({ link: 'relay', action: 'reconnect' })}
          >
            {t('connections.live.reconnectRelay')}
          </Button>
        )}
      </Stack>
      {!s.push_enabled && (
        <Alert severity="warning" data-testid="push-off">
          {t('connections.live.pushOff')}
        </Alert>
      )}
      <Section title={t('connections.live.instances')}>
        <AdminTable
          testId="live-instances"
          label={t('connections.live.instances')}
          rows={s.instances}
          columns={instanceColumns}
          rowKey={(i) => i.instance}
        />
      </Section>
      <Section title={t('connections.live.users')}>
        <AdminTable
          testId="live-users"
          label={t('connections.live.users')}
          rows={users}
          columns={userColumns}
          rowKey={(u) => u.userId}
          initialSort={{ key: 'sockets', direction: 'desc' }}
          detail={(u) => (
            <AdminTable
              testId="live-sockets"
              label={t('connections.live.socketsOf', { user: u.username ?? u.userId })}
              rows={u.connections}
              columns={socketColumns}
              rowKey={(c) => `${c.instance}/${c.id}`}
            />
          )}
          emptyText={t('connections.live.noClients')}
        />
      </Section>
      <Section title={t('connections.live.muted')}>
        <AdminTable
          testId="live-muted"
          label={t('connections.live.muted')}
          rows={s.muted}
          columns={mutedColumns}
          rowKey={(m) => m.UID}
          emptyText={t('connections.live.noneMuted')}
        />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
