import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type { MissingTranslation, TranslationRow } from '@emberwatch/shared/contracts/translations';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { useSaveTranslation } from './translationsQueries';

/** What the dialog works on: a stored row, a new key (root admin), or a key missing in this language. */
export type TranslationTarget =
  { kind: 'edit'; row: TranslationRow } | { kind: 'add' } | { kind: 'fill'; missing: MissingTranslation };

function initialOf(target: TranslationTarget) {
  switch (target.kind) {
    case 'edit':
      return { key: target.row.key, text: target.row.text, category: target.row.category };
    case 'add':
      return { key: '', text: '', category: 'common' };
    case 'fill':
      return { key: target.missing.key, text: '', category: target.missing.category };
  }
}

/**
 * The dialog to edit or add a translation (spec doc 3 §2, §5, §6, §8). Save is disabled until
 * something is edited and while the key, the text or the category is empty. The key of a stored row
 * changes only with the change-all-keys switch on (the key changes in every language), which only
 * the root admin has; the category is the root admin's too; adding keys as well. A failed save says
 * "A problem came up", with the server's reason beneath.
 */
export function TranslationDialog({
  target,
  locale,
  root,
  english,
  onClose,
  onSaved,
}: {
  target: TranslationTarget;
  locale: Language;
  root: boolean;
  /** The English text of the key, for reference (none in English itself or for a new key). */
  english: string | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTranslation();
  const initial = initialOf(target);
  const [key, setKey] = useState(initial.key);
  const [text, setText] = useState(initial.text);
  const [category, setCategory] = useState(initial.category);
  const [changeAllKeys, setChangeAllKeys] = useState(false);

  const keyEditable = target.kind === 'add' || (target.kind === 'edit' && root && changeAllKeys);
  const edited = key !== initial.key || text !== initial.text || category !== initial.category;
  const empty = key.trim() === '' || text.trim() === '' || category.trim() === '';
  const id = target.kind === 'edit' ? target.row.id : target.kind === 'fill' ? target.missing.id : null;
  const reason =
    save.error && isApiRequestError(save.error) && save.error.serverMessage ? save.error.serverMessage : null;

  const submit = () => {
    const keyChange = target.kind === 'edit' && changeAllKeys && key.trim() !== target.row.key;
    save.mutate(
      {
        locale,
        data: { ...(id !== null ? { id } : {}), key: key.trim(), text, category: category.trim() },
        keyChange,
      },
      { onSuccess: onSaved },
    );
  };

  const title =
    target.kind === 'add'
      ? t('translations.dialog.addTitle')
      : target.kind === 'fill'
        ? t('translations.dialog.fillTitle')
        : t('translations.dialog.editTitle');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="translation-dialog-title">
      <DialogTitle id="translation-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError && (
            <Alert severity="error" data-testid="translation-save-error">
              {t('translations.errors.save')}
              {reason && (
                <Typography variant="body2" component="span" display="block">
                  {reason}
                </Typography>
              )}
            </Alert>
          )}
          {target.kind === 'edit' && root && (
            <FormControlLabel
              control={
                <Switch
                  checked={changeAllKeys}
                  onChange={(e) => {
                    setChangeAllKeys(e.target.checked);
                    // Off again: the key goes back to the stored one, as it may not change.
                    if (!e.target.checked) setKey(initial.key);
                  }}
                />
              }
              label={t('translations.dialog.changeAllKeys')}
            />
          )}
          <TextField
            label={t('translations.dialog.key')}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            disabled={!keyEditable}
            required
            helperText={
              target.kind === 'edit' && !keyEditable
                ? root
                  ? t('translations.dialog.keyNeedsSwitch')
                  : t('translations.dialog.keyRootOnly')
                : undefined
            }
          />
          {english !== undefined && (
            <TextField
              label={t('translations.dialog.english')}
              value={english}
              multiline
              slotProps={{ htmlInput: { readOnly: true, lang: 'en' } }}
            />
          )}
          <TextField
            label={t('translations.dialog.text')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { lang: locale } }}
          />
          <TextField
            label={t('translations.dialog.category')}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            disabled={!root}
            required
            helperText={root ? undefined : t('translations.dialog.categoryRootOnly')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('translations.dialog.cancel')}</Button>
        <Button variant="contained" disabled={!edited || empty || save.isPending} onClick={submit}>
          {t('translations.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
