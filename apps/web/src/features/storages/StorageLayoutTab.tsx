import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import {
  defaultSensorLayout,
  STORAGE_LAYOUT_INFO,
  storageLayoutOf,
  unitOf,
  type SensorLayout,
  type Stack as LayoutStack,
  type Storage,
} from '@emberwatch/shared';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { LayoutGrid } from './LayoutGrid';
import { ProbeCellLink } from './ProbeCellLink';
import { RowsLayoutEditor } from './RowsLayoutEditor';
import { StacksLayoutEditor } from './StacksLayoutEditor';
import { storageInputOf } from './StorageDetailsTab';
import { useSaveStorage } from './storageQueries';
import { StorageProbeList } from './StorageProbeList';
import { binProbeIds, rowsLayoutLevels, stackLevels, storageProbeIds } from './layoutLevels';
import { useStorageProbeInfo } from './useStorageProbeInfo';

/** What the layout editors change: the rows layout or the stacks. */
interface LayoutDraft {
  sensor_layout: SensorLayout | null;
  stacks: LayoutStack[];
}

/**
 * Tab 1 of the storage detail in temperatures mode (spec doc 3 §2 mode 1): the rows (each floor a
 * level) or the stacks (layoutType 3) with each probe's hottest depth in the user's colour steps,
 * the bin's probes, and the collapsible probe list. Drawn flat with CSS grid; the angled and 3D
 * views and the other modes come with the layout editor. Those who may edit the storage switch a
 * rows/floors layout to edit mode (RowsLayoutEditor); the draft is saved as the whole item or
 * discarded, and `onDirtyChange` tells the page while it holds unsaved edits (spec doc 3 §4).
 */
export function StorageLayoutTab({
  storage,
  editable = false,
  onDirtyChange,
}: {
  storage: Storage;
  editable?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStorage();
  // The layout as edit mode opened it, and the draft; null in view mode.
  const [editing, setEditing] = useState<{ base: LayoutDraft; draft: LayoutDraft } | null>(null);
  // The shared rules answer the same object for a refused step, so any other object is an edit.
  const dirty = editing !== null && editing.draft !== editing.base;
  useEffect(() => {
    onDirtyChange?.(dirty);
    return () => onDirtyChange?.(false);
  }, [dirty, onDirtyChange]);
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

  if (editing !== null) {
    const onSave = () =>
      save.mutate(
        { ...storageInputOf(storage), ...editing.draft },
        {
          onSuccess: () => setEditing(null),
          // Spec doc 3 §8: a failed storage save is only logged; the draft stays for a second try.
          onError: (error) => console.error('saveStorage failed', error),
        },
      );
    return (
      <Box>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <Button variant="contained" disabled={!dirty || save.isPending} onClick={onSave}>
            {t('storageDetail.save')}
          </Button>
          <Button onClick={() => setEditing(null)}>{t('storageDetail.cancel')}</Button>
        </Stack>
        {isStacks ? (
          <StacksLayoutEditor
            storage={storage}
            draft={editing.draft.stacks}
            onChange={(stacks) => setEditing({ ...editing, draft: { ...editing.draft, stacks } })}
          />
        ) : (
          <RowsLayoutEditor
            storage={storage}
            draft={editing.draft.sensor_layout ?? defaultSensorLayout()}
            onChange={(layout) =>
              // A step the shared rules refuse answers the same layout: then nothing changed.
              layout !== editing.draft.sensor_layout &&
              setEditing({ ...editing, draft: { ...editing.draft, sensor_layout: layout } })
            }
          />
        )}
      </Box>
    );
  }

  return (
    <Box>
      {editable && (
        <Button
          variant="outlined"
          sx={{ mb: 2 }}
          onClick={() => {
            // A rows storage without a layout yet starts from the default one (spec doc 3 §4).
            const base = {
              sensor_layout: isStacks
                ? storage.sensor_layout
                : (storage.sensor_layout ?? defaultSensorLayout()),
              stacks: storage.stacks,
            };
            setEditing({ base, draft: base });
          }}
        >
          {t('storageDetail.editLayout')}
        </Button>
      )}
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
