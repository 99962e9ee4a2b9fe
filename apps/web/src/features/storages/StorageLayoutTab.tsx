import { memo, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type {
  LayoutPrefs,
  SensorLayout,
  Stack as LayoutStack,
} from '@emberwatch/shared/contracts/storageLayout';
import { editConfirmReasons, type Storage } from '@emberwatch/shared/contracts/storages';
import { storageLayoutOf } from '@emberwatch/shared/domain/kinds/storageLayouts';
import { defaultSensorLayout } from '@emberwatch/shared/domain/storageLayout/defaultSensorLayout';
import { layoutLayers } from '@emberwatch/shared/domain/storageLayout/layoutLayers';
import type { LayoutSettings } from '@emberwatch/shared/domain/storageLayout/layoutLimits';
import { layoutPrefsOnSliders } from '@emberwatch/shared/domain/storageLayout/layoutSliders';
import type { LayoutViewMode } from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import { placedProbeIds } from '@emberwatch/shared/domain/storageLayout/placedProbeIds';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { StorageExport } from '../export';
import { useUiPreferences } from '../sessions';
import { drawnPart, lazyWithPreload } from '../../lib/lazyWithPreload';
import { preloadOnIntent } from '../../lib/preloadAhead';
import { LayoutGrid } from './LayoutGrid';
import { ProbeCellLink } from './ProbeCellLink';
import { storageInputOf } from './storageInput';
import { useSaveStorage } from './storageQueries';
import { StorageProbeList } from './StorageProbeList';
import { LayoutSettingsPopover } from './LayoutSettingsPopover';
import { LAYOUT_MODES } from './layoutModes';
import { binProbeIds, levelHeat, rowsLayoutLevels, stackLevels, storageProbeIds } from './layoutLevels';
import { StorageQualityView } from './qualitySlot';
import { useStorageProbeInfo } from './useStorageProbeInfo';

/** What the layout editors change: the rows layout or the stacks. */
interface LayoutDraft {
  sensor_layout: SensorLayout | null;
  stacks: LayoutStack[];
}

/** The layout as edit mode opens it: a rows storage without a layout starts from the default (doc 3 §4). */
function editBase(storage: Storage, isStacks: boolean): LayoutDraft {
  return {
    sensor_layout: isStacks ? storage.sensor_layout : (storage.sensor_layout ?? defaultSensorLayout()),
    stacks: storage.stacks,
  };
}

/** The gap under a level: 8 px, plus the spacing slider's share (0–100 %) of a cell. */
// The editors are the edit mode's (the edit button, or a page opened at /storages/{id}/edit): their code
// (the stack and rows editors, the probe picker, the forms and the confirm window) is not part of the
// layout's first load on a phone (decision 0178). Parts with code of their own: a page the server drew in
// edit mode has the browser fetch them before it takes the page over.
const StacksLayoutEditor = drawnPart('StacksLayoutEditor', () =>
  import('./StacksLayoutEditor').then((m) => ({ default: m.StacksLayoutEditor })),
);
const RowsLayoutEditor = drawnPart('RowsLayoutEditor', () =>
  import('./RowsLayoutEditor').then((m) => ({ default: m.RowsLayoutEditor })),
);
const EditConfirmDialog = lazyWithPreload(() =>
  import('./EditConfirmDialog').then((m) => ({ default: m.EditConfirmDialog })),
);

/** Fetches the edit mode's code (the storage page does once it has settled, and on the edit button's intent). */
export function preloadLayoutEditing(): void {
  void StacksLayoutEditor.preload();
  void RowsLayoutEditor.preload();
  void EditConfirmDialog.preload();
}

function levelGap(prefs: LayoutPrefs): number {
  return 8 + Math.round((prefs.spaceDefault / 100) * prefs.sizeDefault);
}

/**
 * Tab 1 of the storage detail (spec doc 3 §2): the layout view in one of its modes (the registry
 * layoutModes.LAYOUT_MODES; `modes` are those the user may see, from the shared rule) — the rows
 * (each floor a level) or the stacks (layoutType 3) with each probe's value in its cell, the bin's
 * probes, and the collapsible probe list; the settings popover (angle, cell size, spacing, saved
 * on the storage) and, beyond the spec, a heat map interpolated between the probes. Those who may
 * edit the storage switch to edit mode (RowsLayoutEditor, or for stacks the stack editor, mode 3);
 * the draft is saved as the whole item or discarded, and `onDirtyChange` tells the page while it
 * holds unsaved edits (spec doc 3 §4).
 */
function StorageLayoutTabView({
  storage,
  editable = false,
  onDirtyChange,
  modes = [1],
  initialMode = 1,
  startEditing = false,
  layoutSettings = { segment: null },
}: {
  storage: Storage;
  editable?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
  /** The modes this user may see (shared visibleLayoutModes); 1 always. */
  modes?: readonly LayoutViewMode[];
  /** The mode the route opens (doc 3 §2: …/quality opens 4). */
  initialMode?: LayoutViewMode;
  /** Open in edit mode (doc 3 §2 …/edit), when the user may edit. */
  startEditing?: boolean;
  /** The account's first plan segment, for the size limits (doc 3 §5). */
  layoutSettings?: LayoutSettings;
}) {
  const { t } = useTranslation();
  const save = useSaveStorage();
  const layout = storageLayoutOf(storage.layoutType);
  const isStacks = layout === 'stacks';
  const [mode, setMode] = useState<LayoutViewMode>(modes.includes(initialMode) ? initialMode : 1);
  const [heatOn, setHeatOn] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [prefs, setPrefs] = useState<LayoutPrefs>(() =>
    layoutPrefsOnSliders({ layout: layout ?? 'rows' }, storage.layout_prefs),
  );
  // The layout as edit mode opened it, and the draft; null in view mode.
  // The same object twice: an edit is "the draft is another object than the base".
  const [editing, setEditing] = useState<{ base: LayoutDraft; draft: LayoutDraft } | null>(() => {
    if (!startEditing || !editable) return null;
    const base = editBase(storage, isStacks);
    return { base, draft: base };
  });
  // The shared rules answer the same object for a refused step, so any other object is an edit.
  const dirty = editing !== null && editing.draft !== editing.base;
  useEffect(() => {
    onDirtyChange?.(dirty);
    return () => onDirtyChange?.(false);
  }, [dirty, onDirtyChange]);
  const ui = useUiPreferences();
  const unit = unitOf(ui.degrees);
  const colorStepsC = ui.color_steps;
  const info = useStorageProbeInfo(storage.BS_ID);
  if (info.error) return <LoadErrorAlert error={info.error} onRetry={info.refetch} />;
  if (info.isLoading) return <LoadingIndicator label={t('common.loading')} />;

  const cellSize = prefs.sizeDefault;
  const levels = isStacks
    ? stackLevels(storage.stacks, info.lookup)
    : storage.sensor_layout === null
      ? []
      : rowsLayoutLevels(storage.sensor_layout, info.lookup);
  const probes = storageProbeIds(storage.sensor_layout, storage.stacks).map(info.lookup);
  const bin = binProbeIds(storage.sensor_layout, storage.stacks).map(info.lookup);
  const common = { itemID: storage.itemID, unit, colorStepsC, nowS: info.nowS };
  const startEdit = () => {
    const base = editBase(storage, isStacks);
    setEditing({ base, draft: base });
  };
  const stopEdit = () => {
    setEditing(null);
    if (mode === 3) setMode(1);
  };
  const view = LAYOUT_MODES[mode].view;

  if (editing !== null) {
    const draft = editing.draft;
    const onSave = () =>
      save.mutate(
        { ...storageInputOf(storage), ...editing.draft },
        {
          onSuccess: stopEdit,
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
          {/* Spec doc 3 §4 "Closing while edited asks for confirmation" (the edit-confirm dialog). */}
          <Button onClick={() => (dirty ? setConfirming(true) : stopEdit())}>
            {t('storageDetail.cancel')}
          </Button>
        </Stack>
        {confirming && (
          // Nothing shows until its code is here (fetched with the editor's; a window, as the shell's).
          <Suspense fallback={null}>
            <EditConfirmDialog
              reasons={editConfirmReasons({
                probeCount: placedProbeIds({ sensorLayout: draft.sensor_layout, stacks: draft.stacks })
                  .length,
                monitor: storage.monitor,
                alertMessaging: storage.alertMessaging,
              })}
              saving={save.isPending}
              onBack={() => setConfirming(false)}
              onDiscard={() => {
                setConfirming(false);
                stopEdit();
              }}
              onSave={() => {
                setConfirming(false);
                onSave();
              }}
            />
          </Suspense>
        )}
        <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
          {isStacks ? (
            <StacksLayoutEditor
              storage={storage}
              draft={editing.draft.stacks}
              settings={layoutSettings}
              onChange={(stacks) => setEditing({ ...editing, draft: { ...editing.draft, stacks } })}
            />
          ) : (
            <RowsLayoutEditor
              storage={storage}
              draft={editing.draft.sensor_layout ?? defaultSensorLayout()}
              settings={layoutSettings}
              onChange={(layout) =>
                // A step the shared rules refuse answers the same layout: then nothing changed.
                layout !== editing.draft.sensor_layout &&
                setEditing({ ...editing, draft: { ...editing.draft, sensor_layout: layout } })
              }
            />
          )}
        </Suspense>
      </Box>
    );
  }

  // The popover's values move the drawing at once; let go, they are kept on the storage for
  // whoever may change it (Storage.layout_prefs, doc 3 §3), and for the others only on this page.
  const commitPrefs = (next: LayoutPrefs) => {
    setPrefs(next);
    if (!editable) return;
    save.mutate(
      { ...storageInputOf(storage), layout_prefs: next },
      { onError: (error) => console.error('saveStorage failed', error) },
    );
  };

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {modes.length > 1 && (
          <TextField
            select
            size="small"
            label={t('storageDetail.modeLabel')}
            value={mode}
            onChange={(e) => {
              const next = Number(e.target.value) as LayoutViewMode;
              // The stack editor is the edit mode of a stacks layout.
              if (LAYOUT_MODES[next].view === 'editor') startEdit();
              setMode(next);
            }}
            sx={{ minWidth: 200 }}
          >
            {modes.map((m) => (
              <MenuItem key={m} value={m}>
                {t(LAYOUT_MODES[m].labelKey as 'storageDetail.modes.temperatures')}
              </MenuItem>
            ))}
          </TextField>
        )}
        {editable && (
          <Button variant="outlined" onClick={startEdit} {...preloadOnIntent(preloadLayoutEditing)}>
            {t('storageDetail.editLayout')}
          </Button>
        )}
        {view === 'cells' && mode === 1 && (
          <FormControlLabel
            control={<Switch checked={heatOn} onChange={(e) => setHeatOn(e.target.checked)} />}
            label={t('storageDetail.heatMap')}
          />
        )}
        {view === 'cells' && (
          <LayoutSettingsPopover
            layout={layout ?? 'rows'}
            layers={layoutLayers(storage, isStacks)}
            prefs={prefs}
            onChange={setPrefs}
            onCommit={commitPrefs}
          />
        )}
        <StorageExport storageName={storage.name} basestationID={storage.BS_ID} probes={probes} />
      </Stack>
      {view === 'hayLoads' && <Typography data-testid="hay-loads">{t('storageDetail.hayLoads')}</Typography>}
      {view === 'quality' && (
        <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
          <StorageQualityView storage={storage} />
        </Suspense>
      )}
      {view === 'cells' && (
        <LayoutCells
          levels={levels}
          isStacks={isStacks}
          probes={probes}
          bin={bin}
          cellSize={cellSize}
          mode={mode}
          heat={heatOn && mode === 1}
          prefs={prefs}
          {...common}
        />
      )}
    </Box>
  );
}

/** The drawn levels, the probe list and the bin of a cells mode. */
function LayoutCells({
  levels,
  isStacks,
  probes,
  bin,
  cellSize,
  mode,
  heat,
  prefs,
  ...common
}: {
  levels: ReturnType<typeof stackLevels>;
  isStacks: boolean;
  probes: ReturnType<ReturnType<typeof useStorageProbeInfo>['lookup']>[];
  bin: ReturnType<ReturnType<typeof useStorageProbeInfo>['lookup']>[];
  cellSize: number;
  mode: LayoutViewMode;
  heat: boolean;
  prefs: LayoutPrefs;
  itemID: number;
  unit: ReturnType<typeof unitOf>;
  colorStepsC: readonly number[];
  nowS: number;
}) {
  const { t } = useTranslation();
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
          mode={mode}
          heat={heat ? levelHeat(level) : undefined}
          angle={prefs.angleDefault}
          gapBelow={levelGap(prefs)}
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
              <ProbeCellLink key={p.id} probe={p} size={cellSize} mode={mode} {...common} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

type StorageLayoutTabProps = Parameters<typeof StorageLayoutTabView>[0];

/** Identical, or an array or plain object made anew with identical entries (one level down). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const entriesA = Object.entries(a);
  const recordB = b as Record<string, unknown>;
  return entriesA.length === Object.keys(b).length && entriesA.every(([k, v]) => Object.is(v, recordB[k]));
}

/**
 * The same props, each identical or made anew with identical entries (the page computes the view modes
 * and the plan's settings anew on each render). The page is drawn again, at once, right after it is
 * taken over (the storages' query answers its first subscription with a new result); with the same
 * storage the layout — a cell per probe, the largest part of the page — is not.
 */
export function sameLayoutTabProps(a: StorageLayoutTabProps, b: StorageLayoutTabProps): boolean {
  const keys = Object.keys(a) as (keyof StorageLayoutTabProps)[];
  return keys.length === Object.keys(b).length && keys.every((k) => sameValue(a[k], b[k]));
}

export const StorageLayoutTab = memo(StorageLayoutTabView, sameLayoutTabProps);
