import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import type { SimImportLine } from '@emberwatch/shared/contracts/sims';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { csvParts, parseSimCsv, type SimCsv } from '@emberwatch/shared/domain/sims';
import { useShellContext } from '../../lib/shellContext';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { refusalText } from '../../lib/refusalText';
import { ProgressLine } from '../../ui/ProgressLine';
import { useStoreSims } from './simsQueries';

/** A line as the table shows it: read from the file (before the import) or as the server stored it. */
type Row = Pick<SimImportLine, 'line' | 'iccid' | 'error'> & { result: SimImportLine['result'] | 'ready' };

/**
 * The import of the operator's CSV export (POST storeSIMs, decision 0092): the file is read here by
 * the server's own rules for a preview (what will be imported, which lines are refused and why), then
 * sent in parts of 500 SIMs — each part one request and one transaction — with the progress shown and
 * each line's result. Importing the same file again changes nothing.
 */
export function SimImportTab() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const store = useStoreSims();
  const [file, setFile] = useState<{ name: string; text: string; parsed: SimCsv } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [stored, setStored] = useState<SimImportLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!mayUseOperatorTool(roleContext, 'simChanges'))
    return <Alert severity="info">{t('sims.onlyStationStaff')}</Alert>;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const text = await f.text();
    setFile({ name: f.name, text, parsed: parseSimCsv(text) });
    setStored(null);
    setError(null);
    setProgress(null);
  };

  const run = async () => {
    if (!file) return;
    const parts = csvParts(file.text);
    const total = file.parsed.ok ? file.parsed.lines.length : 0;
    const results: SimImportLine[] = [];
    setError(null);
    setProgress({ done: 0, total });
    try {
      for (const part of parts) {
        const r = await store.mutateAsync(part.csv);
        results.push(...r.results.map((l) => ({ ...l, line: l.line + part.lineOffset })));
        setProgress({ done: results.length, total });
      }
    } catch (err) {
      setError(refusalText(err));
    }
    setStored(results);
  };

  const preview: Row[] =
    file?.parsed.ok === true
      ? file.parsed.lines.map((l) =>
          l.ok
            ? { line: l.row.line, iccid: l.row.iccid, result: 'ready', error: null }
            : { line: l.line, iccid: l.iccid, result: 'refused', error: l.error },
        )
      : [];
  const rows: Row[] = stored ?? preview;
  const count = (k: Row['result']) => rows.filter((r) => r.result === k).length;
  const columns: AdminColumn<Row>[] = [
    { key: 'line', label: t('sims.import.columns.line'), value: (r) => r.line },
    { key: 'iccid', label: t('sims.import.columns.iccid'), value: (r) => r.iccid },
    {
      key: 'result',
      label: t('sims.import.columns.result'),
      value: (r) => t(`sims.import.results.${r.result}`),
    },
    {
      key: 'reason',
      label: t('sims.import.columns.reason'),
      value: (r) => (r.error ? t(`sims.import.errors.${r.error}`) : ''),
    },
  ];

  return (
    <Stack spacing={2} data-testid="sims-import">
      <Typography variant="body2" color="text.secondary">
        {t('sims.import.intro')}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={progress !== null && stored === null}
        >
          {t('sims.import.choose')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(e) => void choose(e)}
            data-testid="sims-import-file"
          />
        </Button>
        {file?.parsed.ok && stored === null && (
          <Button
            variant="contained"
            onClick={() => void run()}
            disabled={count('ready') === 0 || progress !== null}
            data-testid="sims-import-store"
          >
            {t('sims.import.store')}
          </Button>
        )}
      </Stack>
      {file && !file.parsed.ok && (
        <Alert severity="error">{t(`sims.import.fileErrors.${file.parsed.error}`)}</Alert>
      )}
      {file?.parsed.ok && stored === null && (
        <Typography data-testid="sims-import-preview">
          {t('sims.import.preview', { file: file.name, ok: count('ready'), bad: count('refused') })}
        </Typography>
      )}
      {progress && (
        <ProgressLine
          done={progress.done}
          total={progress.total}
          text={t('sims.import.progress', progress)}
          testId="sims-import-progress"
        />
      )}
      {stored && (
        <Alert severity={count('refused') > 0 ? 'warning' : 'success'} data-testid="sims-import-summary">
          {t('sims.import.summary', {
            added: count('added'),
            updated: count('updated'),
            unchanged: count('unchanged'),
            refused: count('refused'),
          })}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {rows.length > 0 && (
        <AdminTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.line}
          label={t('sims.page.tabs.import')}
          testId="sims-import-table"
        />
      )}
    </Stack>
  );
}
