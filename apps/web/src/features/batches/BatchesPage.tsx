import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatch, useNavigate } from 'react-router';
import Add from '@mui/icons-material/Add';
import Compost from '@mui/icons-material/Compost';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { BATCH_STATUS } from '@emberwatch/shared/contracts/batches';
import { mayChangeBatches, mayUseBatches } from '@emberwatch/shared/domain/batches/batchRights';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useSelectedStation, useStationDatas } from '../base-stations';
import {
  useArchiveBatches,
  useBatchAccount,
  useBatchCounts,
  useBatches,
  useRefetchOnNewData,
} from './batchQueries';
import { BatchListItem } from './BatchListItem';
import { matchesBatchFilter } from './batchSummary';
import { NewBatchDialog } from './NewBatchDialog';
import { useStationName } from './stationNames';
import { Redirect } from '../../lib/Redirect';

type ListView = 'ongoing' | 'completed' | 'archived';

/**
 * /batches (spec doc 1 §2, doc 3 §2): the compost batches of the selected station's account, ongoing
 * (status 1), completed (2) or archived, with their counts, a filter, each batch's phase, probes and
 * current alerts, and archiving of completed ones. The list keeps itself current with
 * getChangedBatches (merged by batch_id) on a timer and after new readings of its stations.
 */
export function BatchesPage() {
  const { roleContext } = useShellContext();
  // Before the batches are asked for: someone who may not follow batches reads nothing the server refuses.
  if (!mayUseBatches(roleContext)) return <Redirect to="/" />;
  return <Batches />;
}

function Batches() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roleContext } = useShellContext();
  const { selected, stations, groupIds } = useSelectedStation();
  const uid = useBatchAccount();
  const [view, setView] = useState<ListView>('ongoing');
  const [filter, setFilter] = useState('');
  const [station, setStation] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const creating = useMatch('/batches/new') !== null;
  const active = useBatches('active');
  const archived = useBatches('archived', view === 'archived');
  const counts = useBatchCounts();
  const archive = useArchiveBatches();
  const stationName = useStationName();
  const accountStations = useMemo(
    () => stations.filter((s) => s.owner_UID === uid).map((s) => s.bs_id),
    [stations, uid],
  );
  // The selected station's readings, which the realtime bridge refetches on newData: their arrival
  // says that a batch there may have moved.
  useStationDatas(groupIds);
  useRefetchOnNewData(groupIds, uid);

  const mayEdit = mayChangeBatches(roleContext, 'editBatch');
  const mayArchive = mayChangeBatches(roleContext, 'archiveBatch');

  if (!selected) return <EmptyState icon={<Compost />} text={t('stations.none')} />;

  const source = view === 'archived' ? archived : active;
  const countOf = (v: ListView) => {
    const c = station ? counts.data?.results.find((r) => r.BS_ID === station) : counts.data?.total;
    return c ? (v === 'ongoing' ? c.ongoing : v === 'completed' ? c.completed : c.archived) : 0;
  };
  const shown = (source.data?.batches ?? []).filter(
    (b) =>
      (view === 'archived' ||
        b.status === (view === 'ongoing' ? BATCH_STATUS.ongoing : BATCH_STATUS.completed)) &&
      (!station || b.BS_ID === station) &&
      matchesBatchFilter(b, filter),
  );
  const selectable = (view === 'completed' || view === 'archived') && mayArchive;
  const chosenShown = shown.filter((b) => chosen.has(b.batch_id)).map((b) => b.batch_id);
  const countStations = counts.data?.results.map((r) => r.BS_ID) ?? [];

  const runArchive = (batchIds: number[], doArchive: boolean) =>
    archive.mutate(
      { batchIds, archive: doArchive },
      {
        onSuccess: () => {
          setChosen(new Set());
          setNotice(t(doArchive ? 'batches.archived' : 'batches.restored'));
        },
        onError: (e) => setNotice(t('batches.failed', { message: e.message })),
      },
    );
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          aria-label={t('batches.views.label')}
          onChange={(_, v: ListView | null) => {
            if (v) setView(v);
            setChosen(new Set());
          }}
        >
          {(['ongoing', 'completed', 'archived'] as const).map((v) => (
            <ToggleButton key={v} value={v} data-testid={`batches-view-${v}`}>
              {t(`batches.views.${v}`, { count: countOf(v) })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {countStations.length > 1 && (
          <TextField
            select
            size="small"
            label={t('batches.station')}
            value={station}
            onChange={(e) => setStation(e.target.value)}
            sx={{ minWidth: 200 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('batches.allStations')}</MenuItem>
            {countStations.map((id) => (
              <MenuItem key={id} value={id}>
                {stationName(id)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label={t('batches.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 200px' } }}
          slotProps={{ htmlInput: { type: 'search', 'data-testid': 'batches-filter' } }}
        />
        {mayEdit && (
          <Button component={RouterLink} to="/batches/new" variant="contained" startIcon={<Add />}>
            {t('batches.newBatch')}
          </Button>
        )}
      </Box>
      {!mayEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('batches.readOnly')}
        </Alert>
      )}
      {selectable && chosenShown.length > 0 && (
        <Box sx={{ mb: 1 }}>
          <Button
            variant="outlined"
            disabled={archive.isPending}
            onClick={() => runArchive(chosenShown, view === 'completed')}
            data-testid="batches-archive-selected"
          >
            {t(view === 'completed' ? 'batches.archiveSelected' : 'batches.restoreSelected', {
              count: chosenShown.length,
            })}
          </Button>
        </Box>
      )}
      {source.error ? (
        <LoadErrorAlert error={source.error} onRetry={() => void source.refetch()} />
      ) : !source.data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Compost />}
          text={filter.trim() || station ? t('batches.empty.noMatch') : t(`batches.empty.${view}`)}
        >
          {view === 'ongoing' && mayEdit && !filter.trim() && (
            <Box sx={{ mt: 1, color: 'text.secondary' }}>{t('batches.empty.hint')}</Box>
          )}
        </EmptyState>
      ) : (
        <List aria-label={t('batches.listLabel')} data-testid="batch-list">
          {shown.map((b) => (
            <BatchListItem
              key={b.batch_id}
              batch={b}
              stationName={stationName(b.BS_ID)}
              selectable={selectable}
              chosen={chosen.has(b.batch_id)}
              onToggle={() => toggle(b.batch_id)}
            />
          ))}
        </List>
      )}
      {creating && mayEdit && (
        <NewBatchDialog
          stationIds={accountStations}
          defaultStation={selected.bs_id}
          onClose={() => void navigate('/batches')}
          onCreated={(id) => void navigate(`/batches/${id}`)}
        />
      )}
      <Snackbar
        open={notice !== null}
        autoHideDuration={3000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
