import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  Batch,
  RequirementResult,
  SanitisationPeriodResult,
} from '@emberwatch/shared/contracts/batches';
import {
  SANITISATION_STANDARDS,
  type SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useApiClient } from '../../lib/ApiClientContext';
import { fetchReportPdf, useBatchAccount, useSanitisationReport } from './batchQueries';
import { saveBlob } from '../../lib/saveBlob';
import { useBatchFormat, type BatchFormat } from './useBatchFormat';
import { readerTimeZone } from '../../lib/renderContext';
import { ScrollRegion } from '../../ui/ScrollRegion';

const DAY_S = 86_400;
const VERDICT_SEVERITY = { proven: 'success', notProven: 'warning', noData: 'info' } as const;

function periodText(t: TFunction, fmt: BatchFormat, p: SanitisationPeriodResult | null): string {
  if (!p) return t('batches.report.noPeriod');
  return t('batches.report.period', {
    from: fmt.dateTime(p.from),
    to: fmt.dateTime(p.to),
    hours: Math.round(p.seconds / 3600),
    turnings: p.turnings,
    temperature: fmt.temperature(p.minTemp),
  });
}

function requirementText(t: TFunction, fmt: BatchFormat, r: RequirementResult) {
  const days = Math.round(r.seconds / DAY_S);
  return r.minTurnings > 0
    ? t('batches.report.requirementTurnings', {
        temperature: fmt.temperature(r.minTemp),
        days,
        turnings: r.minTurnings,
      })
    : t('batches.report.requirement', { temperature: fmt.temperature(r.minTemp), days });
}

/**
 * A batch's sanitisation report (issue 13 item 4, decision 0050): the standard to judge by (the
 * batch's own by default), proven or not from the stored readings with the periods per requirement
 * and per probe, and the same report as a PDF in the user's language and unit.
 */
export function SanitisationReportPanel({ batch }: { batch: Batch }) {
  const { t, i18n } = useTranslation();
  const fmt = useBatchFormat(batch.BS_ID);
  const api = useApiClient();
  const uid = useBatchAccount();
  const [standard, setStandard] = useState<SanitisationStandard>(batch.standard);
  const report = useSanitisationReport(batch.batch_id, standard);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      const { blob, fileName } = await fetchReportPdf(api, {
        uid,
        batchId: batch.batch_id,
        standard,
        lang: i18n.language,
        unit: fmt.unit,
        tz: readerTimeZone(),
      });
      saveBlob(blob, fileName);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setDownloading(false);
    }
  };

  const r = report.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="sanitisation-report">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('batches.report.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('batches.report.standard')}
          value={standard}
          onChange={(e) => setStandard(e.target.value as SanitisationStandard)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-standard' } as object } }}
        >
          {SANITISATION_STANDARDS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`batches.standards.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<Download />}
          disabled={downloading}
          onClick={() => void download()}
          data-testid="report-download"
        >
          {downloading ? t('batches.report.downloading') : t('batches.report.download')}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('batches.report.downloadFailed', { message: failure })}
        </Alert>
      )}
      {report.error ? (
        <LoadErrorAlert error={report.error} onRetry={() => void report.refetch()} />
      ) : !r ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : (
        <>
          <Alert severity={VERDICT_SEVERITY[r.verdict]} data-testid="report-verdict">
            {t(`batches.report.verdict.${r.verdict}`)}
            {r.from !== null && r.to !== null && (
              <Typography variant="body2">
                {t('batches.report.range', { from: fmt.dateTime(r.from), to: fmt.dateTime(r.to) })}
              </Typography>
            )}
          </Alert>
          <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
            {t('batches.report.requirementsTitle')}
          </Typography>
          <List dense data-testid="report-requirements">
            {r.requirements.map((req) => (
              <ListItem key={req.id} disableGutters>
                <ListItemText
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <span>
                        {t(`batches.report.requirements.${req.id}`)}: {requirementText(t, fmt, req)}
                      </span>
                      <Chip
                        size="small"
                        color={req.proven ? 'success' : 'default'}
                        label={t(req.proven ? 'batches.report.met' : 'batches.report.notMet')}
                      />
                    </Box>
                  }
                  secondary={periodText(t, fmt, req.period)}
                />
              </ListItem>
            ))}
          </List>
          {r.notes.length > 0 && (
            <Box sx={{ mb: 1 }}>
              {r.notes.map((n) => (
                <Typography key={n} variant="body2" color="text.secondary">
                  {t(`batches.report.notes.${n}`)}
                </Typography>
              ))}
            </Box>
          )}
          {r.probes.length > 0 && (
            <>
              <Typography variant="subtitle2">{t('batches.report.probesTitle')}</Typography>
              <ScrollRegion label={t('batches.report.probesTitle')}>
                <Table size="small" data-testid="report-probes">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('batches.report.probe')}</TableCell>
                      <TableCell>{t('batches.report.readings')}</TableCell>
                      <TableCell>{t('batches.report.gaps')}</TableCell>
                      <TableCell>{t('batches.report.longest')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {r.probes.map((p) => (
                      <TableRow key={p.sensor_id} data-testid="report-probe">
                        <TableCell>{p.sensor_id}</TableCell>
                        <TableCell>{p.readings}</TableCell>
                        <TableCell>{p.gaps}</TableCell>
                        <TableCell>{periodText(t, fmt, p.period)}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={p.proven ? 'success' : 'default'}
                            label={t(p.proven ? 'batches.report.proven' : 'batches.report.notProven')}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollRegion>
            </>
          )}
        </>
      )}
    </Paper>
  );
}
