import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import type { GariCheck } from '@emberwatch/shared/contracts/gariMigration';
import { parseGariExport, type GariAccount } from '@emberwatch/shared/domain/gariMigration/gariExport';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { refusalText } from '../../lib/refusalText';
import { ProgressLine } from '../../ui/ProgressLine';
import { useCheckGariMigration, useMigrateGariUser } from './gariMigrationQueries';
import { MigratedTable } from './MigratedTable';

/** An account of the file with the server's check and, once tried, what migrating it did. */
interface Row {
  /** Its place in the file (a gari_id may be repeated there). */
  index: number;
  account: GariAccount;
  check: GariCheck;
  outcome: { ok: boolean; text: string } | null;
}

/** An account the migration would change: no problems, and not moved in with nothing new. */
const migratable = (c: GariCheck) =>
  c.problems.length === 0 &&
  (c.state === null || c.state === 'started' || c.stations_new.length > 0 || c.probes_new.length > 0);

/**
 * /admin/gari-migration (issue 31 item 6, decision 0102): the operator uploads the older Gari
 * system's export (docs/gari-export-format.md); the page reads it by the shared rules, has the server
 * check every account (checkGariMigration: username, stations, probes, problems; nothing stored) and
 * migrates one or all (migrateGariUser, one request and one transaction each, with the progress).
 * Below, the accounts moved in, where their phones are confirmed by code. Staff only.
 */
export function GariMigrationPage() {
  const { t } = useTranslation();
  const canMigrate = useOperatorTool('gariMigration');
  const check = useCheckGariMigration();
  const migrate = useMigrateGariUser();
  const [file, setFile] = useState<{ name: string; problem: string | null } | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const checkAll = async (accounts: GariAccount[], outcomes = new Map<string, Row['outcome']>()) => {
    const { results } = await check.mutateAsync(accounts);
    setRows(
      accounts.map((account, i) => ({
        index: i,
        account,
        check: results[i]!,
        outcome: outcomes.get(account.gari_id) ?? null,
      })),
    );
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setRows([]);
    setError(null);
    setProgress(null);
    const parsed = parseGariExport(await f.text());
    if (!parsed.ok) {
      setFile({ name: f.name, problem: t(`gariMigration.fileProblems.${parsed.problem}`) });
      return;
    }
    setFile({ name: f.name, problem: null });
    try {
      await checkAll(parsed.accounts);
    } catch (err) {
      setError(refusalText(err));
    }
  };

  /** Migrates the accounts one by one (each its own transaction), then checks the file again. */
  const run = async (accounts: GariAccount[]) => {
    const outcomes = new Map(rows.map((r) => [r.account.gari_id, r.outcome]));
    setError(null);
    setProgress({ done: 0, total: accounts.length });
    for (const [i, account] of accounts.entries()) {
      try {
        const r = await migrate.mutateAsync(account);
        outcomes.set(account.gari_id, {
          ok: true,
          text: r.already
            ? t('gariMigration.outcome.already')
            : t(r.created_account ? 'gariMigration.outcome.created' : 'gariMigration.outcome.attached', {
                stations: r.stations_added,
                probes: r.probes_added,
              }),
        });
      } catch (err) {
        outcomes.set(account.gari_id, { ok: false, text: refusalText(err) });
      }
      setProgress({ done: i + 1, total: accounts.length });
    }
    try {
      await checkAll(
        rows.map((r) => r.account),
        outcomes,
      );
    } catch (err) {
      setError(refusalText(err));
    }
    setProgress(null);
  };

  const busy = progress !== null || check.isPending;
  const ready = rows.filter((r) => migratable(r.check));
  /** What became of the account, else why it cannot be migrated, else whether it is ready. */
  const resultText = (r: Row) =>
    r.outcome?.text ??
    (r.check.problems.length === 0
      ? t(migratable(r.check) ? 'gariMigration.ready' : 'gariMigration.nothingToDo')
      : r.check.problems
          .map((p) => (p.subject ? `${p.subject}: ` : '') + t(`gariMigration.problems.${p.code}`))
          .join(' '));
  const columns: AdminColumn<Row>[] = [
    { key: 'gari_id', label: t('gariMigration.columns.gariId'), value: (r) => r.check.gari_id },
    { key: 'username', label: t('gariMigration.columns.username'), value: (r) => r.check.username },
    {
      key: 'usernameStatus',
      label: t('gariMigration.columns.usernameStatus'),
      value: (r) => t(`gariMigration.usernameStatus.${r.check.username_status}`),
    },
    {
      key: 'stations',
      label: t('gariMigration.columns.stations'),
      value: (r) =>
        t('gariMigration.newKept', { new: r.check.stations_new.length, kept: r.check.stations_kept.length }),
    },
    {
      key: 'probes',
      label: t('gariMigration.columns.probes'),
      value: (r) =>
        t('gariMigration.newKept', { new: r.check.probes_new.length, kept: r.check.probes_kept.length }),
    },
    {
      key: 'state',
      label: t('gariMigration.columns.state'),
      value: (r) =>
        r.check.state ? t(`gariMigration.states.${r.check.state}`) : t('gariMigration.states.none'),
    },
    {
      key: 'result',
      label: t('gariMigration.columns.result'),
      value: (r) => resultText(r),
      render: (r) => (
        <Typography
          variant="body2"
          color={
            r.outcome
              ? r.outcome.ok
                ? 'success.main'
                : 'error'
              : r.check.problems.length
                ? 'error'
                : 'inherit'
          }
          data-testid={`gari-result-${r.check.gari_id}`}
        >
          {resultText(r)}
        </Typography>
      ),
    },
    {
      key: 'actions',
      label: '',
      value: () => null,
      render: (r) =>
        canMigrate && migratable(r.check) ? (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => void run([r.account])}
            data-testid={`gari-migrate-${r.check.gari_id}`}
          >
            {t('gariMigration.migrate')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack spacing={2} data-testid="gari-migration-page">
      <Typography variant="body2" color="text.secondary">
        {t('gariMigration.intro')}
      </Typography>
      {!canMigrate && <Alert severity="info">{t('gariMigration.onlyOverseers')}</Alert>}
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
          {t('gariMigration.choose')}
          <input
            hidden
            type="file"
            accept=".json,application/json"
            onChange={(e) => void choose(e)}
            data-testid="gari-file"
          />
        </Button>
        {canMigrate && rows.length > 0 && (
          <Button
            variant="contained"
            disabled={busy || ready.length === 0}
            onClick={() => void run(ready.map((r) => r.account))}
            data-testid="gari-migrate-all"
          >
            {t('gariMigration.migrateAll', { count: ready.length })}
          </Button>
        )}
      </Stack>
      {file?.problem && <Alert severity="error">{file.problem}</Alert>}
      {file && !file.problem && rows.length > 0 && (
        <Typography data-testid="gari-file-summary">
          {t('gariMigration.fileSummary', {
            file: file.name,
            count: rows.length,
            ready: ready.length,
            refused: rows.filter((r) => r.check.problems.length > 0).length,
          })}
        </Typography>
      )}
      {check.isPending && <LinearProgress />}
      {progress && (
        <ProgressLine
          done={progress.done}
          total={progress.total}
          text={t('gariMigration.progress', progress)}
          testId="gari-progress"
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {rows.length > 0 && (
        <AdminTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.index}
          label={t('gariMigration.fileTable')}
          testId="gari-accounts"
        />
      )}
      <Typography variant="h6" component="h2">
        {t('gariMigration.migrated.title')}
      </Typography>
      <MigratedTable />
    </Stack>
  );
}
