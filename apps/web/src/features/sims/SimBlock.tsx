import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SimCard from '@mui/icons-material/SimCard';
import type { SimStatus } from '@emberwatch/shared/domain/sims';
import { formatDate } from '../../lib/formatDate';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { SimEditDialog } from './SimEditDialog';
import { useStationSim } from './simsQueries';
import { useOperatorTool } from '../../lib/useOperatorTool';

export const STATUS_COLOURS: Record<SimStatus, 'success' | 'warning' | 'default' | 'error'> = {
  Active: 'success',
  Paused: 'warning',
  Deactivated: 'default',
  Terminated: 'error',
};

/**
 * The SIM block of the base-station settings (spec doc 2 §2.5, admins only; decision 0092): the
 * station's SIM number, its status with the date it began, when the subscription ends and what the
 * operator says; Root, Admin and Tech staff edit it in a dialog.
 */
export function SimBlock({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const sim = useStationSim(bsId);
  const [editing, setEditing] = useState(false);
  const mayEdit = useOperatorTool('simChanges');
  const date = (ts: number) => formatDate(ts, prefs.date_format);

  const body = () => {
    if (sim.error) return <LoadErrorAlert error={sim.error} onRetry={() => void sim.refetch()} />;
    if (!sim.data) return <LoadingIndicator label={t('common.loading')} />;
    const s = sim.data.sim;
    if (!s)
      return (
        <Typography color="text.secondary" data-testid="sim-none">
          {t('sims.block.none')}
        </Typography>
      );
    const op = sim.data.operator;
    return (
      <Stack spacing={0.5}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontFamily: 'monospace' }} data-testid="sim-iccid">
            {s.iccid}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOURS[s.status]}
            label={t(`sims.status.${s.status}`)}
            data-testid="sim-status-chip"
          />
          {s.status_ts !== null && (
            <Typography variant="body2" color="text.secondary" data-testid="sim-since">
              {t('sims.block.since', { date: date(s.status_ts) })}
            </Typography>
          )}
        </Stack>
        {s.exp_ts !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('sims.block.expires', { date: date(s.exp_ts) })}
          </Typography>
        )}
        {op && op.status !== null && op.status !== s.status && (
          <Alert severity="warning" data-testid="sim-operator-differs">
            {t('sims.block.atOperator', { status: t(`sims.status.${op.status}`) })}
          </Alert>
        )}
        {op && op.status === null && <Alert severity="warning">{t('sims.block.unknownAtOperator')}</Alert>}
        {sim.data.operator_error && (
          <Alert severity="info" data-testid="sim-operator-error">
            {t('sims.block.operatorError')}
          </Alert>
        )}
      </Stack>
    );
  };

  return (
    <Stack
      component="section"
      aria-label={t('sims.block.title')}
      data-testid="bs-sim"
      spacing={1}
      sx={{ py: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t('sims.block.title')}
        </Typography>
        {mayEdit && (
          <Button
            variant="outlined"
            startIcon={<SimCard />}
            onClick={() => setEditing(true)}
            disabled={!sim.data}
          >
            {t('sims.block.edit')}
          </Button>
        )}
      </Stack>
      {body()}
      {editing && <SimEditDialog bsId={bsId} sim={sim.data?.sim ?? null} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
