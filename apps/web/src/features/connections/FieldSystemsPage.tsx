import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldSystem } from '@emberwatch/shared/contracts/connections';
import { FIELD_SYSTEM_STATUSES, type FieldSystemStatus } from '@emberwatch/shared/domain/fieldSystems';
import { CONTROLLER_TYPES } from '@emberwatch/shared/domain/kinds/controllerTypes';
import { useDebouncedCallback } from '../../lib/useDebouncedCallback';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { BandTemperature } from '../probes';
import { useFieldSystems, type FsFilter } from './connectionsQueries';
import { STATUS_LABELS } from './labels';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';

type Channel = FieldSystem['channels'][number];

/**
 * /fs (spec doc 1 §2 diagnostic pages; decision 0096): the field systems — every fan controller of
 * the fleet, the spec's field controllers — with owner, status, link, firmware and climate, narrowed
 * on the server by text, type, status, firmware and use; a row opens its channels and the storages
 * they serve.
 */
export function FieldSystemsPage() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<FsFilter>({});
  const typedFilter = useDebouncedCallback((q: string) => setFilter((f) => withValue(f, 'q', q.trim())), 300);
  const fs = useFieldSystems(filter);
  const set = (key: keyof FsFilter, value: string) => setFilter((f) => withValue(f, key, value));

  const columns: AdminColumn<FieldSystem>[] = [
    { key: 'id', label: t('connections.rc.controller'), value: (s) => s.FC_ID },
    { key: 'name', label: t('connections.rc.name'), value: (s) => s.name },
    {
      key: 'owner',
      label: t('connections.rc.owner'),
      value: (s) => s.owner,
      filterText: (s) => `${s.owner} ${s.owner_name}`,
    },
    { key: 'type', label: t('connections.rc.type'), value: (s) => `${s.type} × ${s.channels.length}` },
    { key: 'status', label: t('connections.rc.status'), value: (s) => t(STATUS_LABELS[s.status]) },
    timeColumn(time, 'poll', t('connections.rc.lastPoll'), (s) => s.last_poll_ts, t('connections.never')),
    { key: 'firmware', label: t('connections.rc.firmware'), value: (s) => s.firmware },
    {
      key: 'link',
      label: t('connections.fs.link'),
      value: (s) => (s.net === null ? null : `${s.net} ${s.rssi ?? ''}`),
      render: (s) => (s.net === null ? '–' : `${s.net}${s.rssi === null ? '' : ` ${s.rssi} dBm`}`),
    },
    {
      key: 'air',
      label: t('connections.fs.air'),
      value: (s) => s.climate_temp,
      render: (s) =>
        s.climate_temp === null ? (
          '–'
        ) : (
          <span>
            <BandTemperature tenths={s.climate_temp} />
            {s.climate_rh === null ? '' : ` ${Math.round(s.climate_rh)} %`}
          </span>
        ),
    },
    { key: 'inUse', label: t('connections.fs.inUse'), value: (s) => s.channels_in_use, align: 'right' },
    {
      key: 'test',
      label: t('connections.rc.test'),
      value: (s) => (s.test_armed ? t('connections.rc.states.armed') : null),
    },
  ];
  const channelColumns: AdminColumn<Channel>[] = [
    { key: 'channel', label: t('connections.rc.channel'), value: (c) => c.channel, align: 'right' },
    { key: 'name', label: t('connections.rc.name'), value: (c) => c.name },
    { key: 'mode', label: t('connections.fs.mode'), value: (c) => c.fc_mode },
    {
      key: 'command',
      label: t('connections.rc.command'),
      value: (c) =>
        `${c.command === 1 ? t('connections.rc.on') : t('connections.rc.off')}${c.is_manual ? ` (${t('connections.fs.manual')})` : ''}`,
    },
    {
      key: 'applied',
      label: t('connections.fs.applied'),
      value: (c) => (c.applied ? t('connections.fs.yes') : t('connections.fs.no')),
    },
    { key: 'storage', label: t('connections.fs.storage'), value: (c) => c.storage },
    { key: 'bs', label: t('connections.fs.station'), value: (c) => c.bs_id },
  ];

  return (
    <Stack spacing={3} data-testid="field-systems">
      <Typography variant="body2" color="text.secondary">
        {t('connections.fs.intro')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('connections.fs.search')}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            typedFilter(e.target.value);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'fs-search', maxLength: 80 } }}
        />
        <Choice
          label={t('connections.rc.type')}
          value={filter.type ?? ''}
          onChange={(v) => set('type', v)}
          testId="fs-type"
        >
          {CONTROLLER_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </Choice>
        <Choice
          label={t('connections.rc.status')}
          value={filter.status ?? ''}
          onChange={(v) => set('status', v)}
          testId="fs-status"
        >
          {FIELD_SYSTEM_STATUSES.map((s: FieldSystemStatus) => (
            <MenuItem key={s} value={s}>
              {t(STATUS_LABELS[s])}
            </MenuItem>
          ))}
        </Choice>
        <TextField
          size="small"
          label={t('connections.rc.firmware')}
          value={filter.firmware ?? ''}
          onChange={(e) => set('firmware', e.target.value.trim())}
          helperText={t('connections.fs.firmwareHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'fs-firmware', maxLength: 32 } }}
        />
        <Choice
          label={t('connections.fs.inUse')}
          value={filter.inUse ?? ''}
          onChange={(v) => set('inUse', v)}
          testId="fs-in-use"
        >
          <MenuItem value="1">{t('connections.fs.yes')}</MenuItem>
          <MenuItem value="0">{t('connections.fs.no')}</MenuItem>
        </Choice>
      </Stack>
      {fs.data && (
        <Typography variant="body2" data-testid="fs-count">
          {t('connections.fs.count', { shown: fs.data.results.length, total: fs.data.total })}
        </Typography>
      )}
      <QueryAdminTable
        testId="fs-list"
        label={t('connections.fs.title')}
        query={{ data: fs.data?.results, error: fs.error, refetch: fs.refetch }}
        columns={columns}
        rowKey={(s) => s.FC_ID}
        initialSort={{ key: 'id', direction: 'asc' }}
        detail={(s) => (
          <AdminTable
            testId="fs-channels"
            label={t('connections.fs.channelsOf', { id: s.FC_ID })}
            rows={s.channels}
            columns={channelColumns}
            rowKey={(c) => c.channel}
          />
        )}
        emptyText={t('connections.fs.none')}
      />
    </Stack>
  );
}

function withValue(f: FsFilter, key: keyof FsFilter, value: string): FsFilter {
  const next: Record<string, string> = { ...f };
  if (value === '') delete next[key];
  else next[key] = value;
  return next;
}

function Choice({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 130 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{t('connections.fs.any')}</MenuItem>
      {children}
    </TextField>
  );
}
