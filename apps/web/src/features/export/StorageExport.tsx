import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownload from '@mui/icons-material/FileDownload';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { useApiClient } from '../../lib/ApiClientContext';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useUiPreferences } from '../sessions';
import { EXPORT_PANEL_MIN_WIDTH, exportEntryOf, NARROW_VIEW_QUERY } from './exportEntry';
import type { ExportPrefs } from './ExportForm';
import type { ExportProbe } from './exportSheets';
import type { ExportFile, LoadReadings } from './runExport';
import { saveFile } from './saveFile';
import { drawnPart, lazyWithPreload } from '../../lib/lazyWithPreload';
import { preloadOnIntent, usePreloadWhenSettled } from '../../lib/preloadAhead';
import { useOpenedOnce } from '../../lib/useOpenedOnce';

// The form (its day fields, its progress, the workbook's writer) is not part of a page's first load where
// it sits behind the button (decision 0178): fetched as the button is pointed at, focused or pressed, or
// once the page has settled (usePreloadWhenSettled, as the shell's windows). The supervisor's panel shows
// it at once: a part with code of its own, which a page the server drew has the browser fetch before it
// takes over, and which the page drawn in the browser waits for.
const ExportForm = drawnPart('ExportForm', () =>
  import('./ExportForm').then((m) => ({ default: m.ExportForm })),
);
const ExportDialog = lazyWithPreload(() =>
  import('./ExportDialog').then((m) => ({ default: m.ExportDialog })),
);
const preloadExport = () => void ExportDialog.preload();

export interface StorageExportProps {
  /** Names the file and the dialog. */
  storageName: string;
  /** The station the probes are read through (the caller must be allowed to see it). */
  basestationID: string;
  probes: readonly ExportProbe[];
  /** 'button' always offers the button and dialog (a page with no room for the panel, such as a probe's). */
  entry?: 'byRole' | 'button';
}

const saveExport = (file: ExportFile) => saveFile(file.data, file.fileName);

/**
 * The storage's data download (spec doc 3 §2): a panel for supervisors on views 600 wide or more,
 * a button opening the dialog for everyone else who sees the storage (exportEntry.ts).
 */
export function StorageExport({ storageName, basestationID, probes, entry = 'byRole' }: StorageExportProps) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const narrow = useMediaQuery(NARROW_VIEW_QUERY);
  const api = useApiClient();
  const ui = useUiPreferences();
  const nowS = useNowSeconds(60_000);
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  usePreloadWhenSettled(preloadExport);
  const prefs: ExportPrefs = {
    unit: unitOf(ui.degrees),
    dateFormat: ui.date_format,
    timeFormat: ui.time_format,
  };
  const load = useCallback<LoadReadings>(
    async (q) =>
      (
        await api.call(endpoints.export.exportData, {
          basestationID,
          sensorIDs: q.sensorIDs.join(','),
          fromTS: q.fromTS,
          toTS: q.toTS,
        })
      ).results,
    [api, basestationID],
  );
  const form = { storageName, probes, prefs, nowS, load, save: saveExport };

  if (entry === 'byRole' && exportEntryOf(roleContext, narrow ? 0 : EXPORT_PANEL_MIN_WIDTH) === 'panel')
    return (
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 420 }} data-testid="export-panel">
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('export.title')}
        </Typography>
        {/* No boundary of its own: the page waits for the form's code as for its own (the panel
            appearing later would move the layout under the pointer). */}
        <ExportForm {...form} />
      </Paper>
    );
  return (
    <>
      <Button
        startIcon={<FileDownload />}
        onClick={() => setOpen(true)}
        {...preloadOnIntent(preloadExport)}
        data-testid="export-open"
      >
        {t('export.open')}
      </Button>
      {opened && (
        // Nothing shows until its code is here (fetched on the button's intent already), as with the
        // shell's windows.
        <Suspense fallback={null}>
          <ExportDialog open={open} onClose={() => setOpen(false)} {...form} />
        </Suspense>
      )}
    </>
  );
}
