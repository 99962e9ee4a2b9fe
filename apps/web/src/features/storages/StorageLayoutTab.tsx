import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { STORAGE_LAYOUT_INFO, storageLayoutOf, unitOf, type Storage } from '@emberwatch/shared';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { LayoutGrid } from './LayoutGrid';
import { ProbeCellLink } from './ProbeCellLink';
import { StorageProbeList } from './StorageProbeList';
import { binProbeIds, rowsLayoutLevels, stackLevels, storageProbeIds } from './layoutLevels';
import { useStorageProbeInfo } from './useStorageProbeInfo';

/**
 * Tab 1 of the storage detail in temperatures mode (spec doc 3 §2 mode 1): the rows (each floor a
 * level) or the stacks (layoutType 3) with each probe's hottest depth in the user's colour steps,
 * the bin's probes, and the collapsible probe list. Drawn flat with CSS grid; the angled and 3D
 * views and the other modes come with the layout editor.
 */
export function StorageLayoutTab({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const unit = unitOf(prefs.degrees);
  const colorStepsC = prefs.color_steps;
  const info = useStorageProbeInfo(storage.BS_ID);
  if (info.error) return <LoadErrorAlert error={info.error} onRetry={info.refetch} />;
  if (info.isLoading) return <LoadingIndicator label={t('common.loading')} />;

  const layout = storageLayoutOf(storage.layoutType);
  const isStacks = layout === 'stacks';
  const cellSize =
    storage.layout_prefs?.sizeDefault ?? STORAGE_LAYOUT_INFO[layout ?? 'rows'].defaults.cellSize;
  const levels = isStacks
    ? stackLevels(storage.stacks, info.lookup)
    : storage.sensor_layout === null
      ? []
      : rowsLayoutLevels(storage.sensor_layout, info.lookup);
  const probes = storageProbeIds(storage.sensor_layout, storage.stacks).map(info.lookup);
  const bin = binProbeIds(storage.sensor_layout, storage.stacks).map(info.lookup);
  const common = { itemID: storage.itemID, unit, colorStepsC };

  return (
    <Box>
      {probes.length > 0 && <StorageProbeList probes={probes} {...common} />}
      {levels.length === 0 && <Typography color="text.secondary">{t('storageDetail.noLayout')}</Typography>}
      {levels.map((level) => (
        <LayoutGrid
          key={level.key}
          testId={level.key}
          title={
            isStacks
              ? t('storageDetail.stack', { n: level.number })
              : levels.length > 1
                ? t('storageDetail.floor', { n: level.number })
                : null
          }
          rows={level.rows}
          cellSize={cellSize}
          {...common}
        />
      ))}
      {probes.length === 0 && (
        <EmptyState icon={<Inventory2Outlined />} text={t('storageDetail.noProbes')}>
          <Typography color="text.secondary">{t('storageDetail.noProbesHint')}</Typography>
        </EmptyState>
      )}
      {bin.length > 0 && (
        <Box component="section" data-testid="bin">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('storageDetail.bin')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {bin.map((p) => (
              <ProbeCellLink key={p.id} probe={p} size={cellSize} {...common} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
