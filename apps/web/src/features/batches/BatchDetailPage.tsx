import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BATCH_STATUS, type Batch } from '@emberwatch/shared/contracts/batches';
import { mayChangeBatches, mayUseBatches } from '@emberwatch/shared/domain/batches/batchRights';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useUnsavedEditsGuard } from '../storages';
import { phaseInputsOf, useArchiveBatches, useBatch, useSaveBatch } from './batchQueries';
import { BatchAlertsCard } from './BatchAlertsCard';
import { BatchEditor } from './BatchEditor';
import { BatchPhaseCard } from './BatchPhaseCard';
import { SanitisationReportPanel } from './SanitisationReportPanel';
import { useStationName, useStationProbeNames } from './stationNames';
import { TurningsCard } from './TurningsCard';
import { useBatchFormat } from './useBatchFormat';
import { Redirect } from '../../lib/Redirect';
import { FACT_GRID_SX } from '../../ui/factGrid';

/**
 * /batches/{batch_id} (spec doc 1 §2, doc 3 §3): one batch with its phases, each probe's progress,
 * replacements, turnings, current alerts, the RC event log per phase, editing (with the unsaved-edit
 * warning, spec doc 1 §8, doc 3 §9) and archiving, and its sanitisation report. A non-numeric id
 * renders nothing; an id the account does not have says so.
 */
export function BatchDetailPage() {
  const { batchId = '' } = useParams();
  const { roleContext } = useShellContext();
  // Before the batch is asked for: someone who may not follow batches reads nothing the server refuses.
  if (!mayUseBatches(roleContext)) return <Redirect to="/" />;
  if (!/^\d+$/.test(batchId)) return null;
  return <BatchDetail batchId={Number(batchId)} />;
}

function BatchDetail({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const { batch, missing, error, loading, refetch } = useBatch(batchId);
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const guard = useUnsavedEditsGuard(editing && dirty);
  const onDirty = useCallback((d: boolean) => setDirty(d), []);

  if (error && !batch) return <LoadErrorAlert error={error} onRetry={refetch} />;
  if (missing)
    return (
      <Box>
        <BackLink />
        <Alert severity="error" data-testid="batch-not-found">
          {t('batches.notFound')}
        </Alert>
      </Box>
    );
  if (loading || !batch) return <LoadingIndicator label={t('common.loading')} />;

  const archived = batch.archived_ts !== null;
  const mayEdit = mayChangeBatches(roleContext, 'editBatch') && !archived;
  return (
    <Stack spacing={2}>
      <BackLink />
      {editing ? (
        <BatchEditor
          batch={batch}
          onDirty={onDirty}
          onDone={(saved) => {
            setEditing(false);
            setDirty(false);
            if (saved) setNotice(t('batches.saved'));
          }}
        />
      ) : (
        <BatchHeader
          batch={batch}
          mayEdit={mayEdit}
          mayArchive={mayChangeBatches(roleContext, 'archiveBatch')}
          onEdit={() => setEditing(true)}
          onNotice={setNotice}
        />
      )}
      <BatchAlertsCard batch={batch} />
      <BatchPhases batch={batch} mayEdit={mayEdit && !editing} onNotice={setNotice} />
      <TurningsCard batch={batch} mayRecord={mayChangeBatches(roleContext, 'recordTurning') && !archived} />
      <SanitisationReportPanel batch={batch} />
      <Snackbar open={guard.warning} autoHideDuration={guard.hideAfterMs} onClose={guard.close}>
        <Alert severity="warning" onClose={guard.close} data-testid="batch-unsaved-warning">
          {t('batches.unsavedEdits')}
        </Alert>
      </Snackbar>
      <Snackbar
        open={notice !== null}
        autoHideDuration={3000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Stack>
  );
}

/** The time a phase step is recorded with; the server allows a clock a minute ahead. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

function BackLink() {
  const { t } = useTranslation();
  return (
    <Box>
      <Button component={RouterLink} to="/batches" startIcon={<ArrowBack />} size="small">
        {t('batches.back')}
      </Button>
    </Box>
  );
}

function BatchHeader({
  batch,
  mayEdit,
  mayArchive,
  onEdit,
  onNotice,
}: {
  batch: Batch;
  mayEdit: boolean;
  mayArchive: boolean;
  onEdit: () => void;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useBatchFormat(batch.BS_ID);
  const stationName = useStationName();
  const archive = useArchiveBatches();
  const archived = batch.archived_ts !== null;
  const completed = batch.status === BATCH_STATUS.completed;
  const setArchived = (doArchive: boolean) =>
    archive.mutate(
      { batchIds: [batch.batch_id], archive: doArchive },
      {
        onSuccess: () => onNotice(t(doArchive ? 'batches.archived' : 'batches.restored')),
        onError: (e) => onNotice(t('batches.failed', { message: e.message })),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="batch-header">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto' }} data-testid="batch-title">
          {batch.batch_name}
        </Typography>
        <Chip
          size="small"
          color={completed ? 'default' : 'primary'}
          label={t(
            archived
              ? 'batches.status.archived'
              : completed
                ? 'batches.status.completed'
                : 'batches.status.ongoing',
          )}
        />
        {batch.isAdmin && <Chip size="small" label={t('batches.testBatch')} />}
        {mayEdit && (
          <Button variant="outlined" onClick={onEdit} data-testid="batch-edit">
            {t('batches.edit')}
          </Button>
        )}
        {mayArchive && (completed || archived) && (
          <Button
            variant="outlined"
            disabled={archive.isPending}
            onClick={() => setArchived(!archived)}
            data-testid="batch-archive"
          >
            {t(archived ? 'batches.restore' : 'batches.archive')}
          </Button>
        )}
      </Box>
      <Box component="dl" sx={{ ...FACT_GRID_SX, mt: 1 }}>
        <Term label={t('batches.fields.station')} value={stationName(batch.BS_ID)} />
        {/* The batch's times are on its station's clock, the PDF's too (decision 0079). */}
        <Term label={t('batches.fields.timeZone')} value={fmt.timeZone} />
        <Term label={t('batches.fields.method')} value={t(`batches.methods.${batch.method}`)} />
        <Term label={t('batches.fields.standard')} value={t(`batches.standards.${batch.standard}`)} />
        <Term
          label={t('batches.fields.alertTemp', { unit: `°${fmt.unit}` })}
          value={batch.alertTemp === null ? t('batches.fields.alertOff') : fmt.temperature(batch.alertTemp)}
        />
        {/* A batch starts with its first phase, which may predate its record (a pile entered later). */}
        <Term
          label={t('batches.fields.created')}
          value={fmt.dateTime(batch.batch_phases[0]?.phase_start_date ?? batch.created_ts)}
        />
        {batch.completed_ts !== null && (
          <Term label={t('batches.fields.completedAt')} value={fmt.dateTime(batch.completed_ts)} />
        )}
        <Term label={t('batches.fields.probes')} value={batch.probes.join(', ') || '--'} />
        {batch.notes && <Term label={t('batches.fields.notes')} value={batch.notes} />}
      </Box>
    </Paper>
  );
}

function Term({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
        {value}
      </Typography>
    </>
  );
}

/** The phases in order; the running one offers its step forward to those who may edit the batch. */
function BatchPhases({
  batch,
  mayEdit,
  onNotice,
}: {
  batch: Batch;
  mayEdit: boolean;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBatch();
  const probes = useStationProbeNames(batch.BS_ID);
  const ongoing = batch.status === BATCH_STATUS.ongoing;

  // Completes the running phase now and starts the next one (the last one completes the batch's process).
  const stepForward = (index: number) => {
    const now = nowSeconds();
    const phases = phaseInputsOf(batch).map((p, i) =>
      i === index
        ? { ...p, phase_completed_date: now }
        : i === index + 1
          ? { ...p, phase_start_date: now }
          : p,
    );
    save.mutate(
      {
        batch_id: batch.batch_id,
        BS_ID: batch.BS_ID,
        batch_name: batch.batch_name,
        status: batch.status,
        probes: batch.probes,
        phases,
      },
      { onError: (e) => onNotice(t('batches.failed', { message: e.message })) },
    );
  };

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('batches.phases.title')}
      </Typography>
      <Stack spacing={1.5}>
        {batch.batch_phases.map((phase) => {
          const running = phase.index === batch.currentPhase;
          const last = phase.index === batch.batch_phases.length - 1;
          return (
            <BatchPhaseCard
              key={phase.index}
              batchId={batch.batch_id}
              bsId={batch.BS_ID}
              batchTitle={batch.batch_name}
              phase={phase}
              running={running}
              probeLabel={probes.label}
              action={
                mayEdit && ongoing && running
                  ? {
                      label: t(last ? 'batches.phases.completeLast' : 'batches.phases.startNext'),
                      run: () => stepForward(phase.index),
                      busy: save.isPending,
                    }
                  : undefined
              }
            />
          );
        })}
      </Stack>
    </Box>
  );
}
