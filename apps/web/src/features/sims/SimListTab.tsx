import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Sim } from '@emberwatch/shared/contracts/sims';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { MAX_VALIDITY_DAYS, SIM_STATUSES, type SimStatus } from '@emberwatch/shared/domain/sims';
import { formatDate } from '../../lib/formatDate';
import { useShellContext } from '../../lib/shellContext';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useUiPreferences } from '../sessions';
import { refusalText } from '../../lib/refusalText';
import { ExpiryDialog } from './ExpiryDialog';
import { STATUS_COLOURS } from './SimBlock';
import { useSetBsSim, useSimList } from './simsQueries';

/** The list of every SIM (GET simList) with its filters; a row opens to its actions. */
export function SimListTab() {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const [status, setStatus] = useState<SimStatus | ''>('');
  const [unassigned, setUnassigned] = useState(false);
  const [expiring, setExpiring] = useState('');
  const days =
    expiring === '' ? undefined : Math.min(MAX_VALIDITY_DAYS, Math.max(0, Math.floor(Number(expiring))));
  const list = useSimList({
    status: status || undefined,
    unassigned,
    expiring: Number.isFinite(days) ? days : undefined,
  });
  const date = (ts: number | null) => (ts === null ? '' : formatDate(ts, prefs.date_format));

  const columns: AdminColumn<Sim>[] = [
    { key: 'iccid', label: t('sims.list.columns.iccid'), value: (s) => s.iccid },
    { key: 'msisdn', label: t('sims.list.columns.msisdn'), value: (s) => s.msisdn },
    {
      key: 'status',
      label: t('sims.list.columns.status'),
      value: (s) => t(`sims.status.${s.status}`),
      render: (s) => (
        <Chip size="small" color={STATUS_COLOURS[s.status]} label={t(`sims.status.${s.status}`)} />
      ),
    },
    {
      key: 'since',
      label: t('sims.list.columns.since'),
      value: (s) => s.status_ts,
      render: (s) => date(s.status_ts),
      filterText: (s) => date(s.status_ts),
    },
    {
      key: 'expires',
      label: t('sims.list.columns.expires'),
      value: (s) => s.exp_ts,
      render: (s) => date(s.exp_ts),
      filterText: (s) => date(s.exp_ts),
    },
    {
      key: 'station',
      label: t('sims.list.columns.station'),
      value: (s) => s.bs_id,
      render: (s) => (s.bs_id ? `${s.bs_id}${s.display_name ? ` · ${s.display_name}` : ''}` : ''),
    },
    { key: 'owner', label: t('sims.list.columns.owner'), value: (s) => s.owner?.username ?? null },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('sims.list.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as SimStatus | '')}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'sims-filter-status' } }}
        >
          <MenuItem value="">{t('sims.list.all')}</MenuItem>
          {SIM_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`sims.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('sims.list.expiring')}
          value={expiring}
          onChange={(e) => setExpiring(e.target.value)}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { min: 0, max: MAX_VALIDITY_DAYS, 'data-testid': 'sims-filter-expiring' } }}
        />
        <FormControlLabel
          control={<Switch checked={unassigned} onChange={(e) => setUnassigned(e.target.checked)} />}
          label={t('sims.list.unassigned')}
        />
      </Stack>
      <QueryAdminTable
        query={list}
        columns={columns}
        rowKey={(s) => s.iccid}
        label={t('sims.list.label')}
        emptyText={t('sims.list.empty')}
        detail={(s) => <SimActions sim={s} />}
        testId="sims-table"
      />
    </Stack>
  );
}

/** A SIM's actions (Root, Admin, Tech): pause, activate, terminate (confirmed), its subscription end. */
function SimActions({ sim }: { sim: Sim }) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const setSim = useSetBsSim();
  const [confirming, setConfirming] = useState(false);
  const [expiry, setExpiry] = useState(false);
  if (!mayUseOperatorTool(roleContext, 'simChanges'))
    return <Typography color="text.secondary">{t('sims.onlyStationStaff')}</Typography>;
  const change = (SIMstatus: SimStatus) => {
    if (sim.bs_id) setSim.mutate({ BS_ID: sim.bs_id, SIM: sim.iccid, SIMstatus });
  };
  const final = sim.status === 'Terminated';
  return (
    <Stack spacing={1} data-testid="sim-actions">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={final || !sim.bs_id || sim.status === 'Paused' || setSim.isPending}
          onClick={() => change('Paused')}
        >
          {t('sims.list.pause')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={final || !sim.bs_id || sim.status === 'Active' || setSim.isPending}
          onClick={() => change('Active')}
        >
          {t('sims.list.activate')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={final || !sim.bs_id || setSim.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('sims.list.terminate')}
        </Button>
        <Button size="small" onClick={() => setExpiry(true)}>
          {t('sims.list.setExpiry')}
        </Button>
      </Stack>
      {!sim.bs_id && !final && (
        <Typography variant="body2" color="text.secondary">
          {t('sims.list.noStation')}
        </Typography>
      )}
      {setSim.error && <Alert severity="error">{refusalText(setSim.error)}</Alert>}
      {setSim.isSuccess && <Alert severity="success">{t('sims.list.saved')}</Alert>}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>{t('sims.list.confirmTerminate', { iccid: sim.iccid })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('sims.list.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="sim-confirm-terminate"
            onClick={() => {
              setConfirming(false);
              change('Terminated');
            }}
          >
            {t('sims.list.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {expiry && (
        <ExpiryDialog
          what={sim.iccid}
          target={{ SIM: sim.iccid }}
          expTs={sim.exp_ts}
          onClose={() => setExpiry(false)}
        />
      )}
    </Stack>
  );
}
