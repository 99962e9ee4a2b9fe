import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isValidEmail,
  PASSWORD_MIN,
  PHONE_STATUS,
  phoneProblem,
  smsCodeProblem,
} from '@emberwatch/shared/contracts/account';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError, isNetworkFailure } from '../../lib/ApiRequestError';
import { i18n } from '../../i18n/i18n';
import type { TranslationKey } from '../../i18n/translationKey';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { PlainAlert } from '../../ui/PlainAlert';
import { formatWait } from './formatWait';
import { PlainField } from './PlainField';
import { useSession } from './SessionProvider';
import './LoginPage.css';

type Mode = 'password' | 'username';
/** The password's two steps: ask for a code, then set the password with it; then done. */
type PasswordStep = 'ask' | 'reset' | 'done';

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
 * Forgotten password or username (issue 14; the spec names the calls, not the screen — decision
 * 0036): a code to the account's confirmed phone, or its e-mail when it has no confirmed phone, sets a
 * new password; the usernames of a confirmed phone go to that phone, those of an e-mail address there. Every answer reads the same
 * whether an account matched or not, like the server's, so this page never tells who has an account.
 * Drawn like the login page (no MUI: it stands outside the logged-in shell).
 */
export function RecoverPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const api = useApiClient();
  const [mode, setMode] = useState<Mode>('password');
  const [step, setStep] = useState<PasswordStep>('ask');
  const [username, setUsername] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const title = `${t('recovery.title')} · ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (status === 'restoring') return <LoadingIndicator fullPage label={t('common.loading')} />;
  if (status === 'authenticated') return <Navigate to="/" replace />;

  const failure = (e: unknown): string => {
    if (isApiRequestError(e) && e.httpStatus === 429)
      return e.retryAfterS
        ? t('login.rateLimitedWait', { wait: formatWait(e.retryAfterS, i18n.language) })
        : t('errors.rateLimited');
    if (isApiRequestError(e) && e.statusCode === PHONE_STATUS.wrongCode) return t('recovery.wrongCode');
    if (isApiRequestError(e) && e.httpStatus === 400) return t('recovery.checkInput');
    if (isNetworkFailure(e)) return t('errors.network');
    return t('errors.generic');
  };

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }

  function switchTo(next: Mode) {
    setMode(next);
    setError(null);
    setInfo(null);
  }

  function onAskCode(e: FormEvent) {
    e.preventDefault();
    if (!username.trim()) return setError(t('recovery.usernameRequired'));
    void run(async () => {
      await api.call(endpoints.account.getPasswordCodeByUsername, { username: username.trim() });
      setInfo(t('recovery.codeSent'));
      setStep('reset');
    });
  }

  function onReset(e: FormEvent) {
    e.preventDefault();
    const codeError = smsCodeProblem(code.trim());
    if (codeError) return setError(t(CODE_ERRORS[codeError]));
    if (password.length < PASSWORD_MIN)
      return setError(t('recovery.passwordTooShort', { min: PASSWORD_MIN }));
    if (confirmation !== password) return setError(t('recovery.mismatch'));
    void run(async () => {
      await api.call(endpoints.account.resetPassword, {
        username: username.trim(),
        code: code.trim(),
        newPassword: password,
      });
      setInfo(null);
      setStep('done');
    });
  }

  function onAskUsername(e: FormEvent) {
    e.preventDefault();
    const contact = phone.trim();
    // An address with an @ is an e-mail address: the usernames go there; otherwise to the phone.
    if (contact.includes('@')) {
      if (!isValidEmail(contact)) return setError(t('recovery.emailInvalid'));
      return void run(async () => {
        await api.call(endpoints.account.getUsernameEmail, { email: contact });
        setInfo(t('recovery.usernamesMailed'));
      });
    }
    const problem = phoneProblem(phone);
    if (problem) return setError(t(PHONE_ERRORS[problem]));
    void run(async () => {
      await api.call(endpoints.account.getUsernameSMS, { phone: contact });
      setInfo(t('recovery.usernamesSent'));
    });
  }

  return (
    <main className="ew-login">
      <div className="ew-login__card">
        <h1 className="ew-login__title">{t('recovery.title')}</h1>
        <div className="ew-login__modes" role="group" aria-label={t('recovery.title')}>
          {(['password', 'username'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="ew-login__mode"
              aria-pressed={mode === m}
              onClick={() => switchTo(m)}
            >
              {t(m === 'password' ? 'recovery.forgotPassword' : 'recovery.forgotUsername')}
            </button>
          ))}
        </div>
        {error && <PlainAlert severity="error">{error}</PlainAlert>}
        {info && !error && <PlainAlert severity="info">{info}</PlainAlert>}

        {mode === 'password' && step === 'ask' && (
          <form className="ew-login__form" noValidate onSubmit={onAskCode}>
            <p className="ew-login__hint">{t('recovery.passwordHint')}</p>
            <PlainField
              id="recover-username"
              label={t('login.username')}
              value={username}
              onChange={setUsername}
              autoComplete="username"
            />
            <button className="ew-login__submit" type="submit" disabled={busy}>
              {t('recovery.sendCode')}
            </button>
          </form>
        )}
        {mode === 'password' && step === 'reset' && (
          <form className="ew-login__form" noValidate onSubmit={onReset}>
            <PlainField
              id="recover-code"
              label={t('recovery.code')}
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
            <PlainField
              id="recover-password"
              label={t('recovery.newPassword')}
              type="password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
            />
            <PlainField
              id="recover-confirmation"
              label={t('recovery.confirmPassword')}
              type="password"
              value={confirmation}
              onChange={setConfirmation}
              autoComplete="new-password"
            />
            <button className="ew-login__submit" type="submit" disabled={busy}>
              {t('recovery.setPassword')}
            </button>
            <button className="ew-login__link" type="button" onClick={() => setStep('ask')}>
              {t('recovery.sendAgain')}
            </button>
          </form>
        )}
        {mode === 'password' && step === 'done' && (
          <PlainAlert severity="success">{t('recovery.passwordChanged')}</PlainAlert>
        )}
        {mode === 'username' && (
          <form className="ew-login__form" noValidate onSubmit={onAskUsername}>
            <p className="ew-login__hint">{t('recovery.usernameHint')}</p>
            <PlainField
              id="recover-phone"
              label={t('recovery.phoneOrEmail')}
              value={phone}
              onChange={setPhone}
              autoComplete="on"
            />
            <button className="ew-login__submit" type="submit" disabled={busy}>
              {t('recovery.sendUsernames')}
            </button>
          </form>
        )}
        <p className="ew-login__footer">
          <Link to="/login">{t('recovery.backToLogin')}</Link>
        </p>
      </div>
    </main>
  );
}
