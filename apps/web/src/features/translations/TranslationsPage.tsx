import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { visibleMenuEntries } from '@emberwatch/shared/domain/roles';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { useShellContext } from '../../lib/shellContext';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { LanguageDialog } from './LanguageDialog';
import { LanguageFlag } from './LanguageFlag';
import { TranslationDialog, type TranslationTarget } from './TranslationDialog';
import { TranslationsTable, type TranslationsView } from './TranslationsTable';
import { useAdminTranslations, useTranslationLanguages } from './translationsQueries';
import './locale';
import { Redirect } from '../../lib/Redirect';

/**
 * /translations (spec doc 1 §2, doc 3 §2, §4–6, §8–9; decision 0106): translators work on the texts
 * of their languages, the root admin on every language's, adding keys and changing keys and
 * categories. Others are sent to "/" (the server refuses them the calls as well).
 */
export function TranslationsPage() {
  const { roleContext } = useShellContext();
  if (!visibleMenuEntries(roleContext).includes('translations')) return <Redirect to="/" />;
  return <TranslationsEditor />;
}

function TranslationsEditor() {
  const { t, i18n } = useTranslation();
  const languages = useTranslationLanguages();
  const [chosen, setChosen] = useState<Language | null>(null);
  const [choosing, setChoosing] = useState(false);

  if (languages.error)
    return <LoadErrorAlert error={languages.error} onRetry={() => void languages.refetch()} />;
  if (!languages.data) return <LoadingIndicator label={t('common.loading')} />;
  const { locales, root } = languages.data;
  if (locales.length === 0) return <Alert severity="info">{t('translations.page.noLanguages')}</Alert>;
  // At first the language the interface shows, if the caller may translate it; else its first.
  const locale: Language = chosen ?? locales.find((l) => l === i18n.language) ?? locales[0] ?? 'en';

  return (
    <Stack spacing={2} data-testid="translations-page">
      <Typography variant="body2" color="text.secondary">
        {t('translations.page.intro')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => setChoosing(true)}
          startIcon={<LanguageFlag language={locale} />}
          aria-label={t('translations.page.changeLanguage', { language: LANGUAGE_NAMES[locale] })}
          data-testid="translations-language"
        >
          <span lang={locale}>{LANGUAGE_NAMES[locale]}</span>
        </Button>
      </Stack>
      <LanguageDialog
        open={choosing}
        languages={locales}
        current={locale}
        onClose={() => setChoosing(false)}
        onChoose={(lang) => {
          setChosen(lang);
          setChoosing(false);
        }}
      />
      <LanguageTexts key={locale} locale={locale} root={root} />
    </Stack>
  );
}

/** One language's texts: the views, the table and the dialog. */
function LanguageTexts({ locale, root }: { locale: Language; root: boolean }) {
  const { t } = useTranslation();
  const list = useAdminTranslations(locale);
  const [view, setView] = useState<TranslationsView>('all');
  const [target, setTarget] = useState<TranslationTarget | null>(null);
  const [saved, setSaved] = useState(false);
  const open = useCallback((next: TranslationTarget) => {
    setSaved(false);
    setTarget(next);
  }, []);

  if (list.error) return <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingIndicator label={t('common.loading')} />;
  const data = list.data;
  const englishFor = (key: string) => (locale === 'en' ? undefined : data.english[key]);

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tabs
          value={view}
          onChange={(_, v: TranslationsView) => setView(v)}
          aria-label={t('translations.views.label')}
        >
          <Tab value="all" label={t('translations.views.all', { count: data.results.length })} />
          <Tab
            value="missing"
            label={t('translations.views.missing', { count: data.missing.length })}
            data-testid="translations-missing-tab"
          />
          {root && (
            <Tab
              value="notInBuild"
              label={t('translations.views.notInBuild', { count: data.not_in_build.length })}
            />
          )}
        </Tabs>
        {root && (
          <Button startIcon={<Add />} onClick={() => open({ kind: 'add' })}>
            {t('translations.page.add')}
          </Button>
        )}
      </Stack>
      {view === 'missing' && (
        <Typography variant="body2" color="text.secondary">
          {t('translations.views.missingHelp')}
        </Typography>
      )}
      {view === 'notInBuild' && (
        <Typography variant="body2" color="text.secondary">
          {t('translations.views.notInBuildHelp')}
        </Typography>
      )}
      {saved && (
        <Alert severity="success" onClose={() => setSaved(false)} data-testid="translations-saved">
          {t('translations.page.saved')}
        </Alert>
      )}
      <TranslationsTable list={data} view={view} root={root} onOpen={open} />
      {target && (
        <TranslationDialog
          target={target}
          locale={locale}
          root={root}
          english={
            target.kind === 'edit'
              ? englishFor(target.row.key)
              : target.kind === 'fill'
                ? target.missing.english
                : undefined
          }
          onClose={() => setTarget(null)}
          onSaved={() => {
            setTarget(null);
            setSaved(true);
          }}
        />
      )}
    </>
  );
}
