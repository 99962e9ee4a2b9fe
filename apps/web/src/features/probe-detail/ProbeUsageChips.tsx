import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Grain from '@mui/icons-material/Grain';
import Warehouse from '@mui/icons-material/Warehouse';
import { mayUseBatches } from '@emberwatch/shared/domain/batches/batchRights';
import { canSeeStorages, type RoleContext } from '@emberwatch/shared/domain/roles';
import { useBatchGroups } from '../batches';
import { useStorageGroups } from '../storages';

/**
 * Where the probe is in use (spec doc 2 §2.4 "/storages/{itemID} and /batches/{batch_id} are linked
 * from probe-usage chips"): a chip per storage and per ongoing batch that lists it, each a link there.
 * Only for users who see storages or follow batches; nothing when the probe is in neither.
 */
export function ProbeUsageChips({ sensorId, roleContext }: { sensorId: string; roleContext: RoleContext }) {
  const { t } = useTranslation();
  const storages = useStorageGroups(canSeeStorages(roleContext)).filter((s) => s.probes.includes(sensorId));
  const batches = useBatchGroups(mayUseBatches(roleContext)).filter((b) => b.probes.includes(sensorId));
  if (storages.length === 0 && batches.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="probe-usage">
      {storages.map((s) => (
        <Chip
          key={`s${s.id}`}
          icon={<Warehouse />}
          label={t('probeDetail.usage.storage', { name: s.name })}
          component={RouterLink}
          to={`/storages/${s.id}`}
          clickable
          size="small"
          variant="outlined"
        />
      ))}
      {batches.map((b) => (
        <Chip
          key={`b${b.id}`}
          icon={<Grain />}
          label={t('probeDetail.usage.batch', { name: b.name })}
          component={RouterLink}
          to={`/batches/${b.id}`}
          clickable
          size="small"
          variant="outlined"
        />
      ))}
    </Stack>
  );
}
