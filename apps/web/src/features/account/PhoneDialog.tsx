import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  normalizePhone,
  PHONE_STATUS,
  phoneProblem,
  SMS_CODE_LENGTH,
  smsCodeProblem,
  type AccountInfo,
} from '@emberwatch/shared/contracts/account';
import { isApiRequestError } from '../../lib/ApiRequestError';
import type { TranslationKey } from '../../i18n/translationKey';
import { useConfirmPhone, useSendPhoneCode } from './accountQueries';
import { useAccountSnackbar } from './AccountSnackbar';

const PHONE_ERRORS: Record<NonNullable<ReturnType<typeof phoneProblem>>, TranslationKey> = {
  phone_required: 'account.phone.errors.phone_required',
  phone_invalid: 'account.phone.errors.phone_invalid',
  phone_too_short: 'account.phone.errors.phone_too_short',
};
const CODE_ERRORS: Record<NonNullable<ReturnType<typeof smsCodeProblem>>, TranslationKey> = {
  sms_required: 'account.phone.errors.sms_required',
  sms_digits: 'account.phone.errors.sms_digits',
};

/**
 * Change or confirm the account's phone (spec doc 2 §2.8: two steps, the number, then the 4-digit SMS
 * code; §8: status 2 the code is wrong, 13 already confirmed counts as success). Opened on a number
 * already waiting for its code, it starts at the code.
 */
export function PhoneDialog({ account, onClose }: { account: AccountInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useAccountSnackbar();
  const send = useSendPhoneCode(account);
  const confirm = useConfirmPhone(account);
  const [step, setStep] = useState<'number' | 'code'>(account.pendingPhone ? 'code' : 'number');
  // A number not yet confirmed is offered for confirming; a confirmed one is changed for a new one.
  const current = account.phones[0];
  const [number, setNumber] = useState(
    account.pendingPhone ?? (current && !current.confirmed ? current.phoneNumber : ''),
  );
  const [numberTouched, setNumberTouched] = useState(false);
  const [code, setCode] = useState('');
  const [codeTouched, setCodeTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirmedNumbers = account.phones.filter((p) => p.confirmed).map((p) => p.phoneNumber);
  const numberProblem = phoneProblem(number);
  const numberError = numberProblem
    ? t(PHONE_ERRORS[numberProblem])
    : confirmedNumbers.includes(normalizePhone(number))
      ? t('account.phone.errors.alreadyConfirmed')
      : null;
  const codeProblem = smsCodeProblem(code);

  const sendFailed = (e: unknown) => {
    if (isApiRequestError(e) && e.statusCode === PHONE_STATUS.alreadyConfirmed)
      return setError(t('account.phone.errors.alreadyConfirmed'));
    if (isApiRequestError(e) && e.httpStatus === 429)
      return setError(t('account.phone.wait', { seconds: e.retryAfterS ?? 30 }));
    setError(t('account.saveFailed'));
  };

  async function sendCode(again: boolean) {
    setError(null);
    try {
      await send.mutateAsync(again ? (account.pendingPhone ?? number) : number);
      if (again) notify(t('account.phone.resent'));
      setStep('code');
    } catch (e) {
      sendFailed(e);
    }
  }

  async function confirmCode() {
    setError(null);
    try {
      await confirm.mutateAsync(code);
    } catch (e) {
      if (!(isApiRequestError(e) && e.statusCode === PHONE_STATUS.alreadyConfirmed)) {
        setError(
          isApiRequestError(e) && e.statusCode === PHONE_STATUS.wrongCode
            ? t('account.phone.errors.wrongCode')
            : t('account.saveFailed'),
        );
        return;
      }
    }
    notify(t('account.phone.confirmedDone'));
    onClose();
  }

  const busy = send.isPending || confirm.isPending;
  const shownNumber = account.pendingPhone ?? normalizePhone(number);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="phone-dialog-title">
      <DialogTitle id="phone-dialog-title">{t('account.phone.dialogTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="phone-error">
            {error}
          </Alert>
        )}
        {step === 'number' ? (
          <form
            id="phone-number-form"
            onSubmit={(e) => {
              e.preventDefault();
              setNumberTouched(true);
              if (!numberError && !busy) void sendCode(false);
            }}
          >
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('account.phone.number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              onBlur={() => setNumberTouched(true)}
              error={numberTouched && numberError !== null}
              helperText={(numberTouched && numberError) || t('account.phone.numberHelp')}
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 40 } }}
            />
          </form>
        ) : (
          <form
            id="phone-code-form"
            onSubmit={(e) => {
              e.preventDefault();
              setCodeTouched(true);
              if (!codeProblem && !busy) void confirmCode();
            }}
          >
            <DialogContentText sx={{ mb: 1 }}>
              {t('account.phone.codeSent', { phone: shownNumber })}
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('account.phone.code')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
              onBlur={() => setCodeTouched(true)}
              error={codeTouched && codeProblem !== null}
              helperText={codeTouched && codeProblem ? t(CODE_ERRORS[codeProblem]) : ' '}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  autoComplete: 'one-time-code',
                  maxLength: SMS_CODE_LENGTH,
                },
              }}
            />
            <Button size="small" onClick={() => void sendCode(true)} disabled={busy} sx={{ mt: 1 }}>
              {t('account.phone.resend')}
            </Button>
          </form>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'code' && (
          <Button
            onClick={() => {
              setError(null);
              setStep('number');
            }}
          >
            {t('account.phone.otherNumber')}
          </Button>
        )}
        <Button onClick={onClose}>{t('account.cancel')}</Button>
        {step === 'number' ? (
          <Button type="submit" form="phone-number-form" variant="contained" disabled={busy}>
            {t('account.phone.sendCode')}
          </Button>
        ) : (
          <Button type="submit" form="phone-code-form" variant="contained" disabled={busy}>
            {t('account.phone.confirmButton')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
