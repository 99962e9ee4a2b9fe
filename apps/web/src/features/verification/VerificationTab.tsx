import { Suspense, useState } from 'react';
import { drawnPart } from '../../lib/lazyWithPreload';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Verification } from '@emberwatch/shared/contracts/verification';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import {
  mayDeleteVerificationIn,
  mayStartAnother,
  verificationReportName,
  verificationState,
} from '@emberwatch/shared/domain/verification/verificationRules';
import { formatDateTime } from '../../lib/formatDateTime';
import { saveBlob } from '../../lib/saveBlob';
import { useApiClient } from '../../lib/ApiClientContext';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { TemperatureBar, useTemperatureScale } from '../probes';
import {
  fetchVerificationReport,
  useVerificationActions,
  useVerifications,
  useVerifixData,
} from './verificationQueries';
import { useReferenceProbes } from './useReferenceProbes';
import { startDateOf, todayIso } from './verificationStart';
import { DayField } from '../../ui/DayField';

export interface VerificationTabProps {
  bsId: string;
  sensorId: string;
  unit: DegreesUnit;
  dateFormat: string;
  timeFormat: string;
}

// The chart (and uPlot with it) loads when a chart is first shown, as the History tab's does.
const VerificationChart = drawnPart('VerificationChart', () =>
  import('./VerificationChart').then((m) => ({ default: m.VerificationChart })),
);

/** A difference in tenths-free °C, signed, in the user's unit (a difference converts by 9/5 only). */
function diffText(c: number | null, unit: DegreesUnit): string {
  if (c === null) return '--';
  const v = unit === 'F' ? (c * 9) / 5 : c;
  return `${v >= 0 ? '+' : ''}${v.toFixed(2)} °${unit}`;
}

/**
 * The Verification tab (spec doc 2 §2.4, §4, §8, §9; issue 33 item 4; decision 0113): the probe's
 * verifications against a reference probe, the one ongoing with its readings so far, the results,
 * and the report dialog. Start, end and delete failures are shown, not only logged (decision 0113).
 */
export function VerificationTab({ bsId, sensorId, unit, dateFormat, timeFormat }: VerificationTabProps) {
  const { t } = useTranslation();
  const list = useVerifications(sensorId);
  const actions = useVerificationActions(sensorId);
  const referenceStations = useReferenceProbes(bsId, sensorId);
  // "station|probe": the reference is named with its station (verifixBS).
  const [reference, setReference] = useState('');
  // The start day: today by default; a past day verifies readings already stored (up to 30 days).
  const [startDay, setStartDay] = useState(() => todayIso(Math.floor(Date.now() / 1000)));
  const [startRefused, setStartRefused] = useState(false);
  const [report, setReport] = useState<Verification | null>(null);
  const [chartOf, setChartOf] = useState<number | null>(null);
  const at = (ts: number | null) => (ts === null ? '--' : formatDateTime(ts, dateFormat, timeFormat));

  if (list.error) return <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingIndicator label={t('common.loading')} />;
  const verifications = list.data;
  const ongoing = verifications.find((v) => verificationState(v) === 'ongoing') ?? null;
  const canStart = mayStartAnother(verifications);
  const failure = actions.start.error ?? actions.stop.error ?? actions.remove.error;
  const [refBs = '', refId = ''] = reference.split('|');

  return (
    <Stack spacing={2} data-testid="verification-tab">
      {failure && (
        <Alert severity="error" data-testid="verification-error">
          {failure instanceof Error ? failure.message : t('verification.failed')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('verification.reference')}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          disabled={!canStart}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'verification-reference' } }}
        >
          {referenceStations.flatMap((st) => [
            <ListSubheader key={`station-${st.bsId}`}>{st.name}</ListSubheader>,
            ...st.probes.map((p) => (
              <MenuItem key={`${st.bsId}|${p.id}`} value={`${st.bsId}|${p.id}`}>
                {p.label}
              </MenuItem>
            )),
          ])}
        </TextField>
        <DayField
          label={t('verification.startDate')}
          value={startDay}
          onChange={(day) => {
            setStartDay(day);
            setStartRefused(startDateOf(day, Math.floor(Date.now() / 1000)) === null);
          }}
          dateFormat={dateFormat}
          testId="verification-start-date"
        />
        <Button
          variant="contained"
          disabled={!canStart || reference === '' || startRefused || actions.start.isPending}
          onClick={() => {
            const startDate = startDateOf(startDay, Math.floor(Date.now() / 1000));
            if (startDate === null) return setStartRefused(true);
            actions.start.mutate({
              BS_ID: bsId,
              probeID: sensorId,
              verifixID: refId,
              verifixBS: refBs,
              ...(startDate !== undefined && { startDate }),
            });
          }}
          data-testid="verification-start"
        >
          {t('verification.start')}
        </Button>
        {!canStart && (
          <Typography variant="body2" color="text.secondary">
            {t('verification.oneAtATime')}
          </Typography>
        )}
        {canStart && (
          <Typography
            variant="body2"
            color={startRefused ? 'error' : 'text.secondary'}
            data-testid="verification-start-help"
          >
            {t('verification.startDateHelp')}
          </Typography>
        )}
      </Stack>

      {ongoing && (
        <OngoingVerification
          v={ongoing}
          unit={unit}
          at={at}
          dateFormat={dateFormat}
          timeFormat={timeFormat}
          stopping={actions.stop.isPending}
          onStop={() => actions.stop.mutate(ongoing.itemID)}
        />
      )}

      {verifications.length === 0 && <Typography color="text.secondary">{t('verification.none')}</Typography>}
      {verifications
        .filter((v) => v.endDate !== null)
        .map((v) => (
          <Box
            key={v.itemID}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            data-testid="verification-ended"
          >
            <Typography variant="subtitle2">
              {t('verification.period', { from: at(v.startDate), to: at(v.endDate), reference: v.verifixID })}
            </Typography>
            <Typography variant="body2" data-testid="verification-result">
              {t('verification.result', {
                mean: diffText(v.result?.meanDiff ?? null, unit),
                sd:
                  v.result?.sdDiff === null || v.result === null
                    ? '--'
                    : diffText(v.result.sdDiff, unit).replace('+', ''),
                pairs: v.result?.pairs ?? 0,
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {v.result?.correction === null || v.result === null
                ? t('verification.noCorrection')
                : t('verification.correction', { value: diffText(v.result.correction, 'C') })}
            </Typography>
            {chartOf === v.itemID && (
              <EndedChart v={v} unit={unit} dateFormat={dateFormat} timeFormat={timeFormat} />
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Button
                size="small"
                onClick={() => setChartOf(chartOf === v.itemID ? null : v.itemID)}
                data-testid="verification-chart-toggle"
              >
                {chartOf === v.itemID ? t('verification.chart.hide') : t('verification.chart.show')}
              </Button>
              <Button size="small" onClick={() => setReport(v)} data-testid="verification-report">
                {t('verification.report')}
              </Button>
              <Button
                size="small"
                color="error"
                disabled={!mayDeleteVerificationIn(verificationState(v)) || actions.remove.isPending}
                onClick={() => actions.remove.mutate(v.itemID)}
                data-testid="verification-delete"
              >
                {t('verification.delete')}
              </Button>
            </Stack>
          </Box>
        ))}
      {report && <ReportDialog v={report} onClose={() => setReport(null)} />}
    </Stack>
  );
}

function OngoingVerification({
  v,
  unit,
  at,
  dateFormat,
  timeFormat,
  stopping,
  onStop,
}: {
  v: Verification;
  unit: DegreesUnit;
  at: (ts: number | null) => string;
  dateFormat: string;
  timeFormat: string;
  stopping: boolean;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const scale = useTemperatureScale();
  const data = useVerifixData(v.itemID);
  const d = data.data;
  const empty = !d || (d.data1.length === 0 && d.data2.length === 0);
  const last1 = d?.data1.at(-1);
  const last2 = d?.data2.at(-1);
  const hasData = (d?.result.pairs ?? 0) > 0;
  return (
    <Box
      sx={{ border: 1, borderColor: 'primary.main', borderRadius: 1, p: 1.5 }}
      data-testid="verification-ongoing"
    >
      <Typography variant="subtitle2">
        {t('verification.ongoing', { from: at(v.startDate), reference: v.verifixID })}
      </Typography>
      {empty ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="verification-started-info">
          {t('verification.startedInfo')}
        </Alert>
      ) : (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          {last1 && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2">{t('verification.probeLatest', { id: v.probeID })}</Typography>
              <TemperatureBar temperatures={[last1.h]} unit={unit} colorStepsC={scale.colorStepsC} />
            </Box>
          )}
          {last2 && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2">
                {t('verification.referenceLatest', { id: v.verifixID })}
              </Typography>
              <TemperatureBar temperatures={[last2.h]} unit={unit} colorStepsC={scale.colorStepsC} />
            </Box>
          )}
          <Typography variant="body2" data-testid="verification-so-far">
            {t('verification.soFar', { mean: diffText(d.result.meanDiff, unit), pairs: d.result.pairs })}
          </Typography>
          <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
            <VerificationChart v={v} data={d} unit={unit} dateFormat={dateFormat} timeFormat={timeFormat} />
          </Suspense>
        </Stack>
      )}
      <Button
        sx={{ mt: 1 }}
        variant="outlined"
        disabled={stopping}
        onClick={onStop}
        data-testid="verification-stop"
      >
        {hasData ? t('verification.end') : t('verification.cancel')}
      </Button>
    </Box>
  );
}

/** An ended verification's chart, its readings loaded when it is first shown. */
function EndedChart({
  v,
  unit,
  dateFormat,
  timeFormat,
}: {
  v: Verification;
  unit: DegreesUnit;
  dateFormat: string;
  timeFormat: string;
}) {
  const { t } = useTranslation();
  const data = useVerifixData(v.itemID);
  // Spec doc 2 §8: a load failure of the data shows nothing.
  if (data.data === null) return null;
  if (!data.data) return <LoadingIndicator label={t('common.loading')} />;
  return (
    <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
      <VerificationChart v={v} data={data.data} unit={unit} dateFormat={dateFormat} timeFormat={timeFormat} />
    </Suspense>
  );
}

/** Spec doc 2 §4 "Report dialog (verification): preparing, then ready to save as PDF, or error." */
function ReportDialog({ v, onClose }: { v: Verification; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [state, setState] = useState<{ s: 'preparing' } | { s: 'ready'; blob: Blob } | { s: 'error' }>({
    s: 'preparing',
  });
  const [asked, setAsked] = useState(false);
  if (!asked) {
    setAsked(true);
    fetchVerificationReport(api, v.itemID, i18n.language).then(
      (blob) => setState({ s: 'ready', blob }),
      (e: unknown) => {
        console.error('The verification report failed', e);
        setState({ s: 'error' });
      },
    );
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="verification-report-title">
      <DialogTitle id="verification-report-title">{t('verification.reportTitle')}</DialogTitle>
      <DialogContent data-testid="verification-report-dialog">
        {state.s === 'preparing' && <LoadingIndicator label={t('verification.preparing')} />}
        {state.s === 'ready' && <Typography>{t('verification.ready')}</Typography>}
        {state.s === 'error' && <Alert severity="error">{t('verification.reportFailed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('verification.close')}</Button>
        <Button
          variant="contained"
          disabled={state.s !== 'ready'}
          onClick={() => {
            if (state.s === 'ready')
              saveBlob(state.blob, verificationReportName(v.probeID, Math.floor(Date.now() / 1000)));
          }}
          data-testid="verification-save"
        >
          {t('verification.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
