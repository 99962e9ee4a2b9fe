import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StorageQuality } from '@emberwatch/shared/contracts/quality';
import { mayViewHayQuality } from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { formatDate } from '../../lib/formatDate';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { useStorageAccount } from '../storages';
import { ProbeQualityCell } from './ProbeQualityCell';
import { useQualityOverview } from './qualityQueries';

/**
 * /quality (spec doc 1 §2 "Hay quality"): every storage with hay probes and its probes' bars, each
 * over the storage's saved period (else the last 30 days). For users with a valid paid or trial
 * service, admins always (spec doc 3 §6); the server applies the same rule.
 */
export function QualityPage() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const nowS = useNowSeconds(60_000);
  const allowed = mayViewHayQuality({ admin: roleContext.admin, service: roleContext.service, nowS });
  if (!allowed) return <Alert severity="info">{t('quality.needsService')}</Alert>;
  return <QualityOverview />;
}

function QualityOverview() {
  const { t } = useTranslation();
  const uid = useStorageAccount();
  const overview = useQualityOverview(uid);
  if (uid === undefined || overview.isPending) return <LoadingIndicator label={t('common.loading')} />;
  if (overview.isError)
    return <LoadErrorAlert error={overview.error} onRetry={() => void overview.refetch()} />;
  if (overview.data.length === 0) return <EmptyState text={t('quality.noStorages')} />;
  return (
    <Stack spacing={2} data-testid="quality-overview">
      {overview.data.map((s) => (
        <StorageQualityCard key={s.itemID} storage={s} />
      ))}
    </Stack>
  );
}

function StorageQualityCard({ storage }: { storage: StorageQuality }) {
  const { t } = useTranslation();
  const ui = useUiPreferences();
  const unit = unitOf(ui.degrees);
  const { period } = storage;
  // A set period ends at the midnight after its last day.
  const range = `${formatDate(period.from, ui.date_format)} – ${
    period.ongoing ? t('quality.period.today') : formatDate(period.to - 1, ui.date_format)
  }`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="quality-storage">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
        <Link component={RouterLink} to={`/storages/${storage.itemID}/quality`} variant="h6">
          {storage.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {t(`quality.period.${period.state}`)} · {range}
        </Typography>
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {storage.probes.map((p) => (
          <ProbeQualityCell key={p.ID} probe={p} unit={unit} colorStepsC={ui.color_steps} />
        ))}
      </Box>
    </Paper>
  );
}
