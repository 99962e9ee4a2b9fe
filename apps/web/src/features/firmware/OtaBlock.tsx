import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OtaForBsResponse } from '@emberwatch/shared/contracts/firmware';
import { otaAssignRefusal } from '@emberwatch/shared/domain/firmware';
import { formatDateTime } from '../../lib/formatDateTime';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { FirmwareIntervals } from './FirmwareIntervals';
import { useAssignOta, useCancelOta, useOtaForBs, useRefreshOta } from './firmwareQueries';
import { otaErrorText } from './otaErrorText';
import { useOperatorTool } from '../../lib/useOperatorTool';

/**
 * Spec doc 2 §2.5 "OTA update" (admins only), §3, §4, §5, §8: the station's firmware revision, a
 * revision to assign (Assign disabled when none is chosen, it is the current one or one is pending),
 * the pending update with refresh and cancel (confirmed), the update log, and the firmware
 * intervals. Sales reads; Root, Admin and Tech assign and cancel (operator tool otaManage).
 */
export function OtaBlock({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const ota = useOtaForBs(bsId);
  return (
    <Box component="section" aria-label={t('firmware.ota.title')} data-testid="bs-ota" sx={{ py: 1.5 }}>
      <Typography variant="subtitle1" component="h3">
        {t('firmware.ota.title')}
      </Typography>
      {ota.error ? (
        <Alert severity="error" data-testid="ota-error">
          {otaErrorText(t, ota.error)}
        </Alert>
      ) : ota.data ? (
        <Ota bsId={bsId} ota={ota.data} />
      ) : (
        <LoadingIndicator label={t('common.loading')} />
      )}
    </Box>
  );
}

function Ota({ bsId, ota }: { bsId: string; ota: OtaForBsResponse }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const mayManage = useOperatorTool('otaManage');
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [cleared, setCleared] = useState(false);
  const assign = useAssignOta(bsId);
  const cancel = useCancelOta(bsId);
  const refresh = useRefreshOta(bsId);
  const time = (ts: number) => formatDateTime(ts, prefs.date_format, prefs.time_format);
  const refusal = otaAssignRefusal({ chosen, current: ota.rev, pending: ota.pending?.rev ?? null });
  const error = assign.error ?? cancel.error ?? refresh.error;

  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <Typography data-testid="ota-current">
        {t('firmware.ota.current', { rev: ota.rev ?? t('firmware.ota.unknown') })}
      </Typography>
      {error !== null && (
        <Alert severity="error" data-testid="ota-action-error">
          {otaErrorText(t, error)}
        </Alert>
      )}
      {cleared && !ota.pending && (
        <Alert severity="info" data-testid="ota-cleared" onClose={() => setCleared(false)}>
          {t('firmware.ota.cleared')}
        </Alert>
      )}
      {ota.pending ? (
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          data-testid="ota-pending"
        >
          <Typography sx={{ flexGrow: 1 }}>
            {t('firmware.ota.pending', {
              rev: ota.pending.rev,
              date: time(ota.pending.assigned_ts),
              by: ota.pending.by ?? '–',
            })}
          </Typography>
          <Button
            variant="outlined"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate(undefined, { onSuccess: (s) => setCleared(s.cleared) })}
          >
            {t('firmware.ota.refresh')}
          </Button>
          {mayManage && (
            <Button color="warning" variant="outlined" onClick={() => setConfirming(true)}>
              {t('firmware.ota.cancel')}
            </Button>
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary" data-testid="ota-idle">
          {t('firmware.ota.none')}
        </Typography>
      )}
      {mayManage && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <TextField
            select
            size="small"
            label={t('firmware.ota.revision')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'ota-revision' } }}
            sx={{ minWidth: 200 }}
          >
            <option value="">{t('firmware.ota.choose')}</option>
            {ota.otas.map((i) => (
              <option key={i.rev} value={i.rev}>
                {i.notes ? `${i.rev} – ${i.notes}` : i.rev}
              </option>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={refusal !== null || assign.isPending}
            onClick={() =>
              assign.mutate({ rev: chosen, oldRev: ota.rev }, { onSuccess: () => setChosen('') })
            }
          >
            {t('firmware.ota.assign')}
          </Button>
        </Stack>
      )}
      {ota.otas.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('firmware.ota.noImages')}
        </Typography>
      )}
      <OtaLog log={ota.log} time={time} />
      <FirmwareIntervals bsId={bsId} current={ota.rev} chosen={chosen || null} />
      {confirming && ota.pending && (
        <Dialog open onClose={() => setConfirming(false)}>
          <DialogTitle>{t('firmware.ota.cancelTitle')}</DialogTitle>
          <DialogContent>
            <Typography>{t('firmware.ota.cancelText', { rev: ota.pending.rev, bsId })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{t('firmware.ota.keep')}</Button>
            <Button
              color="warning"
              variant="contained"
              onClick={() => {
                setConfirming(false);
                cancel.mutate();
              }}
            >
              {t('firmware.ota.confirmCancel')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

function OtaLog({ log, time }: { log: OtaForBsResponse['log']; time: (ts: number) => string }) {
  const { t } = useTranslation();
  if (log.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="ota-log-empty">
        {t('firmware.ota.logEmpty')}
      </Typography>
    );
  return (
    <Table size="small" aria-label={t('firmware.ota.log')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('firmware.ota.from')}</TableCell>
          <TableCell>{t('firmware.ota.to')}</TableCell>
          <TableCell>{t('firmware.ota.date')}</TableCell>
          <TableCell>{t('firmware.ota.result')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {log.map((e, i) => (
          <TableRow key={`${e.date}-${i}`} data-testid="ota-log-row">
            <TableCell>{e.from ?? '–'}</TableCell>
            <TableCell>{e.to}</TableCell>
            <TableCell>{time(e.date)}</TableCell>
            <TableCell>
              {t(`firmware.results.${e.result}`)}
              {e.reason ? `: ${e.reason}` : ''}
              {e.by ? ` (${e.by})` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
