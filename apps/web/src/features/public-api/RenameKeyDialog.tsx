import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { API_KEY_NAME_MAX, type ApiKey } from '@emberwatch/shared/contracts/publicApiKeys';
import { refusalText } from '../../lib/refusalText';
import { useKeyAction } from './apiKeysQueries';

/**
 * The rename call's name rule (trimmed, 1 to API_KEY_NAME_MAX characters), written out rather than
 * parsed with the contract's schema: the web bundle ships no zod (builtBundle.test.ts).
 */
function nameProblem(name: string): 'empty' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  return trimmed.length > API_KEY_NAME_MAX ? 'tooLong' : null;
}

/**
 * Renames an API key (POST /client/renameApiKey, decision 0109): the name checked as the contract
 * checks it before it is sent, the server's refusal shown in the dialog, which stays open until the
 * name is saved or the owner cancels.
 */
export function RenameKeyDialog({
  apiKey,
  onClose,
}: {
  apiKey: Pick<ApiKey, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(apiKey.name);
  const [touched, setTouched] = useState(false);
  const rename = useKeyAction();
  const kind = nameProblem(name);
  const valid = kind === null;
  const problem =
    kind === 'empty'
      ? t('publicApi.keys.renameDialog.nameEmpty')
      : kind === 'tooLong'
        ? t('publicApi.keys.renameDialog.nameTooLong', { max: API_KEY_NAME_MAX })
        : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid) rename.mutate({ kind: 'rename', id: apiKey.id, name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="api-key-rename-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('publicApi.keys.renameDialog.title', { id: `ewk_${apiKey.id}` })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              label={t('publicApi.keys.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setTouched(true);
              }}
              error={touched && problem !== null}
              helperText={touched ? problem : null}
              slotProps={{ htmlInput: { 'data-testid': 'api-key-rename-name' } }}
            />
            {rename.error && (
              <Alert severity="error" data-testid="api-key-rename-error">
                {refusalText(rename.error, t('publicApi.keys.failed'))}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('publicApi.keys.renameDialog.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!valid || rename.isPending}
            data-testid="api-key-rename-save"
          >
            {t('publicApi.keys.renameDialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
