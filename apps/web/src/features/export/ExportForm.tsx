import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatDay } from '../../lib/dayText';
import { DayField } from '../../ui/DayField';
import { defaultExportPeriod, earliestExportDay, periodProblem, type ExportPeriod } from './exportPeriod';
import type { ExportProbe, SheetLabels, SheetLayout } from './exportSheets';
import type { ExportFile, LoadReadings } from './runExport';
import { useExport } from './useExport';
import { ProgressLine } from '../../ui/ProgressLine';

/** What the form needs of the user's preferences. */
export interface ExportPrefs {
  unit: DegreesUnit;
  /** date-fns patterns (ui_preferences.date_format, time_format). */
  dateFormat: string;
  timeFormat: string;
}

export interface ExportFormProps {
  storageName: string;
  probes: readonly ExportProbe[];
  prefs: ExportPrefs;
  nowS: number;
  load: LoadReadings;
  save: (file: ExportFile) => void;
  /** After a file was saved (the dialog closes). */
  onSaved?: () => void;
  /** Shown while idle beside Download (the dialog's Close). */
  closeAction?: React.ReactNode;
}

/**
 * The export's period, sheet layout and download (spec doc 3 §4 "Export dialog", §9 "Export"),
 * shown in the panel or in the dialog. Loading shows its progress and a Cancel that discards the
 * run; an error shows the spec's text and the form stays for another try.
 */
export function ExportForm({
  storageName,
  probes,
  prefs,
  nowS,
  load,
  save,
  onSaved,
  closeAction,
}: ExportFormProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ExportPeriod>(() => defaultExportPeriod(nowS));
  const [layout, setLayout] = useState<SheetLayout>('perProbe');
  const { state, start, cancel } = useExport(load, save);
  const problem = periodProblem(period, nowS);
  const loading = state.phase === 'loading';
  const labels = useMemo<SheetLabels>(
    () => ({
      time: t('export.sheet.time'),
      probe: t('export.sheet.probe'),
      probeName: t('export.sheet.probeName'),
      depth: (n, unit) => t('export.sheet.depth', { n, unit }),
      allProbes: t('export.sheet.allProbes'),
    }),
    [t],
  );

  const download = async () => {
    const saved = await start({ storageName, probes, period, layout, labels, nowS, ...prefs });
    if (saved) onSaved?.();
  };

  return (
    <Stack spacing={2} data-testid="export-form">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <DayField
          label={t('export.from')}
          value={period.fromDay}
          onChange={(fromDay) => setPeriod((p) => ({ ...p, fromDay }))}
          dateFormat={prefs.dateFormat}
          testId="export-from"
        />
        <DayField
          label={t('export.to')}
          value={period.toDay}
          onChange={(toDay) => setPeriod((p) => ({ ...p, toDay }))}
          dateFormat={prefs.dateFormat}
          testId="export-to"
        />
      </Stack>
      {problem && (
        <Typography variant="body2" color="error" role="alert">
          {t(`export.problem.${problem}`, {
            day: formatDay(earliestExportDay(nowS), prefs.dateFormat),
          })}
        </Typography>
      )}
      <RadioGroup
        aria-label={t('export.layout')}
        value={layout}
        onChange={(e) => setLayout(e.target.value as SheetLayout)}
      >
        <FormControlLabel value="perProbe" control={<Radio size="small" />} label={t('export.perProbe')} />
        <FormControlLabel value="oneSheet" control={<Radio size="small" />} label={t('export.oneSheet')} />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary">
        {t('export.hint', { unit: prefs.unit })}
      </Typography>
      {loading && (
        <ProgressLine
          done={Math.round(state.progress * 100)}
          total={100}
          text={t('export.building', { percent: Math.round(state.progress * 100) })}
        />
      )}
      {state.phase === 'error' && (
        <Alert severity="error" data-testid="export-error">
          {state.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {loading ? <Button onClick={cancel}>{t('export.cancel')}</Button> : closeAction}
        <Button
          variant="contained"
          onClick={() => void download()}
          disabled={loading || problem !== null || probes.length === 0}
        >
          {t('export.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
