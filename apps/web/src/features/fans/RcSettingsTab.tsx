import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FcItem } from '@emberwatch/shared/contracts/fans';
import { operationModeLabel } from '@emberwatch/shared/domain/fans/fanDisplay';
import { mayChangeFans } from '@emberwatch/shared/domain/fans/fanRights';
import { RULE_TYPE_INFO } from '@emberwatch/shared/domain/kinds/ruleTypes';
import { useShellContext } from '../../lib/shellContext';
import { useSelectedStation } from '../base-stations';
import { useAccountFcItems } from './fanQueries';
import { RcEventLogDialog } from './RcEventLogDialog';
import { RcSchedulerDialog } from './RcSchedulerDialog';
import { RcUnitSettingsDialog } from './RcUnitSettingsDialog';
import { rcModeOf } from './rcChoices';
import { useAccountMonitors, useOngoingBatches } from './rcQueries';

type Open =
  | { kind: 'settings'; item: FcItem }
  | { kind: 'scheduler'; fcId: string }
  | { kind: 'log'; fcId: string; channel: number | null };

/**
 * The account's RC units' channels (the settings RC tab shows only RC units); undefined while they are
 * read, none when they cannot be.
 */
export function useRcUnits(uid: number | undefined): FcItem[] | undefined {
  const items = useAccountFcItems(uid);
  if (items.isError) return [];
  return items.data?.filter((i) => i.type === 'RC');
}

/**
 * The settings RC tab (spec doc 1 §2, doc 2 §2): each RC unit of the account with its channels — name,
 * operation mode (AUTO / STOP / RUN), online or offline, manual on or off or automatic, the batch it
 * runs for — and the unit's settings, scheduler and event log. Sub-users and masters look; those who
 * may assign fans (owners, grand masters, admins) change.
 */
export function RcSettingsTab() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const uid = useSelectedStation().selected?.owner_UID;
  const items = useAccountFcItems(uid);
  const batches = useOngoingBatches(uid);
  const monitors = useAccountMonitors(uid);
  const [open, setOpen] = useState<Open | null>(null);
  const mayEdit = mayChangeFans(roleContext, 'assignFan');
  const rc = (items.data ?? []).filter((i) => i.type === 'RC');
  const units = [...new Set(rc.map((i) => i.FC_ID))];
  const batchName = (id: number) => batches.data?.find((b) => b.batch_id === id)?.batch_name ?? `#${id}`;
  const fanMonitors = (monitors.data ?? [])
    .filter((m) => m.rules.some((r) => RULE_TYPE_INFO[r.type].fanControl))
    .map((m) => ({ itemID: m.itemID, name: m.name }));

  if (items.isError) return <Alert severity="error">{t('fans.loadFailed')}</Alert>;
  if (!items.data) return <Typography variant="body2">{t('fans.loading')}</Typography>;
  return (
    <Stack spacing={2} data-testid="rc-tab">
      {units.map((fcId) => {
        const channels = rc.filter((i) => i.FC_ID === fcId);
        const first = channels[0]!;
        return (
          <Paper key={fcId} variant="outlined" sx={{ p: 2 }} data-testid="rc-unit">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
                {fcId}
              </Typography>
              <Chip
                size="small"
                color={first.connectionStatus.isOffline ? 'warning' : 'success'}
                label={first.connectionStatus.isOffline ? t('fans.offline') : t('fans.rc.online')}
              />
              <Button size="small" onClick={() => setOpen({ kind: 'scheduler', fcId })}>
                {t('fans.rc.scheduler')}
              </Button>
              <Button size="small" onClick={() => setOpen({ kind: 'log', fcId, channel: null })}>
                {t('fans.rc.eventLog')}
              </Button>
            </Box>
            <Stack spacing={1} role="list" aria-label={fcId}>
              {channels.map((c) => {
                const mode = rcModeOf(c);
                return (
                  <Box
                    key={c.channel}
                    role="listitem"
                    aria-label={t('fans.rc.channel', { channel: c.channel })}
                    sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Typography variant="body2" sx={{ minWidth: 160 }}>
                      {t('fans.rc.channel', { channel: c.channel })}
                      {c.name ? ` · ${c.name}` : ''}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      title={t('fans.operationMode')}
                      label={operationModeLabel(c.fc_mode)}
                    />
                    <Chip
                      size="small"
                      label={
                        mode === 'auto'
                          ? t('fans.rc.automatic')
                          : mode === 'on'
                            ? t('fans.display.manualOn')
                            : t('fans.display.manualOff')
                      }
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                      {c.batchRef === null ? t('fans.rc.noBatch') : batchName(c.batchRef)}
                    </Typography>
                    <Button size="small" onClick={() => setOpen({ kind: 'log', fcId, channel: c.channel })}>
                      {t('fans.rc.eventLog')}
                    </Button>
                    {mayEdit && (
                      <Button size="small" onClick={() => setOpen({ kind: 'settings', item: c })}>
                        {t('fans.rc.settings')}
                      </Button>
                    )}
                  </Box>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
      {open?.kind === 'settings' && (
        <RcUnitSettingsDialog
          item={open.item}
          channels={rc}
          monitors={fanMonitors}
          uid={uid}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'scheduler' && (
        <RcSchedulerDialog fcId={open.fcId} uid={uid} mayEdit={mayEdit} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'log' && (
        <RcEventLogDialog
          fcId={open.fcId}
          channel={open.channel}
          uid={uid}
          batchName={batchName}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
