import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportCancelled } from './buildWorkbook';
import { exportErrorText } from './exportErrorText';
import { runExport, type ExportFile, type ExportJob, type LoadReadings } from './runExport';

/** Spec doc 3 §4 "Export dialog": idle, loading (with its progress), or an error text. */
export type ExportState =
  { phase: 'idle' } | { phase: 'loading'; progress: number } | { phase: 'error'; text: string };

/**
 * One export at a time. Each start gets a run number; cancel (or leaving) moves the number on, so a
 * late answer of a cancelled run finds it is no longer current and is thrown away (spec doc 3 §4:
 * "A cancel flag discards a late response") — no file is saved and no state changes.
 */
export function useExport(load: LoadReadings, save: (file: ExportFile) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const run = useRef(0);

  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );

  const start = useCallback(
    async (job: ExportJob): Promise<boolean> => {
      const id = ++run.current;
      const current = () => id === run.current;
      setState({ phase: 'loading', progress: 0 });
      try {
        const file = await runExport(job, load, {
          isCancelled: () => !current(),
          onProgress: (progress) => {
            if (current()) setState({ phase: 'loading', progress });
          },
        });
        if (!current()) return false;
        save(file);
        setState({ phase: 'idle' });
        return true;
      } catch (e) {
        if (!current() || e instanceof ExportCancelled) return false;
        setState({ phase: 'error', text: exportErrorText(e, t) });
        return false;
      }
    },
    [load, save, t],
  );

  const cancel = useCallback(() => {
    run.current++;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
