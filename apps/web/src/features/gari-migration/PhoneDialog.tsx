import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SMS_CODE_LENGTH } from '@emberwatch/shared/contracts/account';
import type { GariMigration } from '@emberwatch/shared/contracts/gariMigration';
import { refusalText } from '../../lib/refusalText';
import { useConfirmGariMobile } from './gariMigrationQueries';

/**
 * The migrated account's phone (POST confirmGariMobile): a code goes to it by SMS through the outbox;
 * the customer reads it to the operator, who types it here. Sending again replaces the code.
 */
export function PhoneDialog({ migration, onClose }: { migration: GariMigration; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmGariMobile();
  const [sent, setSent] = useState(migration.code_sent_ts !== null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const codeOk = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code);

  const send = async () => {
    setMessage(null);
    try {
      await confirm.mutateAsync({ gari_id: migration.gari_id });
      setSent(true);
      setMessage({ ok: true, text: t('gariMigration.phone.sentTo', { phone: migration.phone }) });
    } catch (err) {
      setMessage({ ok: false, text: refusalText(err) });
    }
  };
  const submit = async () => {
    setMessage(null);
    try {
      await confirm.mutateAsync({ gari_id: migration.gari_id, code });
      setMessage({ ok: true, text: t('gariMigration.phone.confirmed') });
      onClose();
    } catch (err) {
      setMessage({ ok: false, text: refusalText(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="gari-phone-dialog">
      <DialogTitle>{t('gariMigration.phone.title', { username: migration.username })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {t('gariMigration.phone.intro', { phone: migration.phone })}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => void send()}
            disabled={confirm.isPending}
            data-testid="gari-phone-send"
          >
            {sent ? t('gariMigration.phone.sendAgain') : t('gariMigration.phone.send')}
          </Button>
          {sent && (
            <TextField
              label={t('gariMigration.phone.code')}
              value={code}
              onChange={(e) => setCode(e.target.value.trim())}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SMS_CODE_LENGTH } }}
              data-testid="gari-phone-code"
            />
          )}
          {message && (
            <Alert severity={message.ok ? 'success' : 'error'} data-testid="gari-phone-message">
              {message.text}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('gariMigration.phone.close')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!sent || !codeOk || confirm.isPending}
          data-testid="gari-phone-confirm"
        >
          {t('gariMigration.phone.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
