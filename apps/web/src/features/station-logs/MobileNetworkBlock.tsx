import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
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
import Typography from '@mui/material/Typography';
import SignalCellularAlt from '@mui/icons-material/SignalCellularAlt';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { formatDateTime } from '../../lib/formatDateTime';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { useMobileLog } from './stationLogsQueries';

/**
 * Spec doc 2 §2.5–§2.6, admins only: the station's mobile network log, a dialog of the network it
 * reported with its last 100 calls (time, operator, net, RSSI). §8: a refusal shows "Error status"
 * with its status code, an empty log 'No mobile network data'.
 */
export function MobileNetworkBlock({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack
      direction="row"
      component="section"
      aria-label={t('stationLogs.mobile.title')}
      data-testid="bs-mobile"
      sx={{ alignItems: 'center', gap: 2, py: 1.5 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
        {t('stationLogs.mobile.title')}
      </Typography>
      <Button variant="outlined" startIcon={<SignalCellularAlt />} onClick={() => setOpen(true)}>
        {t('stationLogs.mobile.open')}
      </Button>
      {open && <MobileLogDialog bsId={bsId} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function MobileLogDialog({ bsId, onClose }: { bsId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const log = useMobileLog(bsId, true);

  const content = () => {
    if (log.error) {
      const e = log.error;
      return isApiRequestError(e) && e.kind === 'http' ? (
        <Alert severity="error" data-testid="mobile-log-error">
          {t('stationLogs.mobile.errorStatus', { status: e.statusCode })}
        </Alert>
      ) : (
        <LoadErrorAlert error={e} onRetry={() => void log.refetch()} />
      );
    }
    if (!log.data) return <LoadingIndicator label={t('common.loading')} />;
    if (log.data.length === 0)
      return (
        <Typography color="text.secondary" data-testid="mobile-log-empty">
          {t('stationLogs.mobile.empty')}
        </Typography>
      );
    return (
      <Table size="small" aria-label={t('stationLogs.mobile.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('stationLogs.mobile.time')}</TableCell>
            <TableCell>{t('stationLogs.mobile.operator')}</TableCell>
            <TableCell>{t('stationLogs.mobile.net')}</TableCell>
            <TableCell align="right">{t('stationLogs.mobile.rssi')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {log.data.map((e, i) => (
            <TableRow key={`${e.ts}-${i}`} data-testid="mobile-log-row">
              <TableCell>{formatDateTime(e.ts, prefs.date_format, prefs.time_format)}</TableCell>
              <TableCell>{e.operator}</TableCell>
              <TableCell>{e.net}</TableCell>
              <TableCell align="right">{e.mobile_rssi}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('stationLogs.mobile.dialogTitle', { bsId })}</DialogTitle>
      <DialogContent>{content()}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('stationLogs.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
