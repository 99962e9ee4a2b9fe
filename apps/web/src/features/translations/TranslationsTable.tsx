import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type {
  AdminTranslationsResponse,
  MissingTranslation,
  TranslationRow,
} from '@emberwatch/shared/contracts/translations';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import type { TranslationTarget } from './TranslationDialog';

/** Spec doc 3 §2 and §9: page sizes 20, 50, 100 and All; newest first (ID descending). */
export const TRANSLATION_PAGE_SIZES = [20, 50, 100, 'all'] as const;
const BY_ID_DESCENDING = { key: 'id', direction: 'desc' } as const;

export type TranslationsView = 'all' | 'missing' | 'notInBuild';

/** The key as the button that opens the row's dialog. */
function KeyButton({ text, onClick }: { text: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      aria-label={t('translations.table.edit', { key: text })}
      sx={{ textAlign: 'left', wordBreak: 'break-all' }}
    >
      {text}
    </Link>
  );
}

/**
 * The translations table (spec doc 3 §2: columns ID, Key, Text, Category): the console's generic
 * AdminTable, filtered over key, text and category, sorted by ID descending at first. A row's key
 * opens its dialog; its sub-row shows the English for reference. In the missing view the rows are the
 * keys this language lacks, with the English text the users see meanwhile.
 */
export function TranslationsTable({
  list,
  view,
  root,
  onOpen,
}: {
  list: AdminTranslationsResponse;
  view: TranslationsView;
  root: boolean;
  onOpen: (target: TranslationTarget) => void;
}) {
  const { t } = useTranslation();
  const notInBuild = useMemo(() => new Set(list.not_in_build), [list.not_in_build]);

  const rowColumns = useMemo<AdminColumn<TranslationRow>[]>(
    () => [
      // Filtered over key, text and category only: an id is looked up by sorting.
      { key: 'id', label: t('translations.table.id'), value: (r) => r.id, filterText: () => '' },
      {
        key: 'key',
        label: t('translations.table.key'),
        value: (r) => r.key,
        render: (r) => (
          <>
            <KeyButton text={r.key} onClick={() => onOpen({ kind: 'edit', row: r })} />
            {root && notInBuild.has(r.key) && (
              <Chip
                size="small"
                variant="outlined"
                color="warning"
                sx={{ ml: 1 }}
                label={t('translations.table.notInBuild')}
              />
            )}
          </>
        ),
      },
      { key: 'text', label: t('translations.table.text'), value: (r) => r.text },
      { key: 'category', label: t('translations.table.category'), value: (r) => r.category },
    ],
    [t, root, notInBuild, onOpen],
  );

  const missingColumns = useMemo<AdminColumn<MissingTranslation>[]>(
    () => [
      { key: 'id', label: t('translations.table.id'), value: (m) => m.id, filterText: () => '' },
      {
        key: 'key',
        label: t('translations.table.key'),
        value: (m) => m.key,
        render: (m) => <KeyButton text={m.key} onClick={() => onOpen({ kind: 'fill', missing: m })} />,
      },
      {
        key: 'text',
        label: t('translations.table.englishText'),
        value: (m) => m.english,
        render: (m) => (
          <Typography variant="body2" color="text.secondary" lang="en">
            {m.english}
          </Typography>
        ),
      },
      { key: 'category', label: t('translations.table.category'), value: (m) => m.category },
    ],
    [t, onOpen],
  );

  const englishOf = (r: TranslationRow) => {
    const english = list.english[r.key];
    return english === undefined ? null : (
      <Typography variant="body2" lang="en">
        {t('translations.table.englishIs', { text: english })}
      </Typography>
    );
  };

  if (view === 'missing')
    return (
      <AdminTable<MissingTranslation>
        key={`missing-${list.locale}`}
        testId="translations-table"
        label={t('translations.table.label')}
        rows={list.missing}
        columns={missingColumns}
        rowKey={(m) => m.key}
        initialSort={BY_ID_DESCENDING}
        pageSizes={TRANSLATION_PAGE_SIZES}
        emptyText={t('translations.table.noneMissing')}
      />
    );
  const rows = view === 'notInBuild' ? list.results.filter((r) => notInBuild.has(r.key)) : list.results;
  return (
    <AdminTable<TranslationRow>
      key={`${view}-${list.locale}`}
      testId="translations-table"
      label={t('translations.table.label')}
      rows={rows}
      columns={rowColumns}
      rowKey={(r) => r.id}
      detail={englishOf}
      initialSort={BY_ID_DESCENDING}
      pageSizes={TRANSLATION_PAGE_SIZES}
    />
  );
}
