import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { LanguageFlag } from './LanguageFlag';

/**
 * Spec doc 3 §2 "a language selection dialog with flags": the languages the caller may translate
 * (a translator's own, every one for the root admin), each with its flag and its own name.
 */
export function LanguageDialog({
  open,
  languages,
  current,
  onChoose,
  onClose,
}: {
  open: boolean;
  languages: readonly Language[];
  current: Language | null;
  onChoose: (language: Language) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="translations-language-title">
      <DialogTitle id="translations-language-title">{t('translations.languageDialog.title')}</DialogTitle>
      <List sx={{ pt: 0, minWidth: 260 }} aria-label={t('translations.languageDialog.title')}>
        {languages.map((lang) => (
          <ListItemButton
            key={lang}
            selected={lang === current}
            aria-current={lang === current ? 'true' : undefined}
            onClick={() => onChoose(lang)}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LanguageFlag language={lang} />
            </ListItemIcon>
            <ListItemText primary={<span lang={lang}>{LANGUAGE_NAMES[lang]}</span>} />
          </ListItemButton>
        ))}
      </List>
      <DialogActions>
        <Button onClick={onClose}>{t('translations.dialog.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
