import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/formatDateTime';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { useReplacementHistory } from './stationAdminQueries';

/**
 * Spec doc 2 §2.5 and §3, admins only: the replacements the station was part of — which station was
 * replaced by which, when and by whom — newest first.
 */
export function ReplacementHistoryBlock({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const history = useReplacementHistory(bsId);

  const content = () => {
    if (history.error) return <LoadErrorAlert error={history.error} onRetry={() => void history.refetch()} />;
    if (!history.data) return <LoadingIndicator label={t('common.loading')} />;
    if (history.data.length === 0)
      return (
        <Typography color="text.secondary" data-testid="replacement-history-empty">
          {t('stationAdmin.history.empty')}
        </Typography>
      );
    return (
      <Table size="small" aria-label={t('stationAdmin.history.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('stationAdmin.history.replaced')}</TableCell>
            <TableCell>{t('stationAdmin.history.by')}</TableCell>
            <TableCell>{t('stationAdmin.history.date')}</TableCell>
            <TableCell>{t('stationAdmin.history.admin')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.data.map((r) => (
            <TableRow
              key={`${r.replaced}-${r.BS_ID}-${r.replaced_date}`}
              data-testid="replacement-history-row"
            >
              <TableCell>{r.replaced}</TableCell>
              <TableCell>{r.BS_ID}</TableCell>
              <TableCell>{formatDateTime(r.replaced_date, prefs.date_format, prefs.time_format)}</TableCell>
              <TableCell>{r.admin}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  };

  return (
    <Stack
      component="section"
      aria-label={t('stationAdmin.history.title')}
      data-testid="bs-replacement-history"
      sx={{ gap: 1, py: 1.5 }}
    >
      <Typography variant="subtitle1" component="h3">
        {t('stationAdmin.history.title')}
      </Typography>
      {content()}
    </Stack>
  );
}
