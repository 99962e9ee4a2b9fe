import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { PlainAlert } from '../../ui/PlainAlert';
import { useSession } from './SessionProvider';
import { safeRedirect } from './safeRedirect';
import { loginErrorText } from './loginErrorText';
import './LoginPage.css';

/** MUI's LocalFireDepartment icon. */
const LOGO_PATHS = [
  'm12 12.9-2.13 2.09c-.56.56-.87 1.29-.87 2.07C9 18.68 10.35 20 12 20s3-1.32 3-2.94c0-.78-.31-1.52-.87-2.07z',
  'm16 6-.44.55C14.38 8.02 12 7.19 12 5.3V2S4 6 4 13c0 2.92 1.56 5.47 3.89 6.86-.56-.79-.89-1.76-.89-2.8 0-1.32.52-2.56 1.47-3.5L12 10.1l3.53 3.47c.95.93 1.47 2.17 1.47 3.5 0 1.02-.31 1.96-.85 2.75 1.89-1.15 3.29-3.06 3.71-5.3.66-3.55-1.07-6.9-3.86-8.52',
];

/**
 * The login page is in the entry bundle and drawn with plain markup and CSS (LoginPage.css), so
 * that the entry carries neither MUI nor Emotion: they load with the logged-in shell.
 * `preloadShell` starts loading the page the user lands on; the shell passes it, since a feature
 * never imports the shell.
 */
export function LoginPage({ preloadShell }: { preloadShell?: () => void }) {
  const { t } = useTranslation();
  const { status, notice, login } = useSession();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const title = `${t('login.title')} · ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (status === 'restoring') return <LoadingIndicator fullPage label={t('common.loading')} />;
  // Spec doc 1 §2: a logged-in user opening /login is sent on to the redirect target.
  if (status === 'authenticated') return <Navigate to={target} replace />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setSubmitting(true);
    setError(null);
    // The shell the user lands on loads while the credentials are checked.
    preloadShell?.();
    try {
      await login({ username: username.trim(), password });
      // The status change to "authenticated" re-renders this page into the redirect above.
    } catch (err) {
      setError(loginErrorText(err, t));
      setSubmitting(false);
    }
  }

  const noticeText =
    notice === 'network' ? t('errors.network') : notice === 'loadFailed' ? t('login.loadFailed') : null;

  return (
    <main className="ew-login">
      <div className="ew-login__card">
        <div className="ew-login__brand">
          <svg className="ew-login__logo" viewBox="0 0 24 24" aria-hidden="true">
            {LOGO_PATHS.map((d) => (
              <path key={d} d={d} />
            ))}
          </svg>
          <p className="ew-login__name">{t('app.name')}</p>
        </div>
        <p className="ew-login__tagline">{t('app.tagline')}</p>
        <h1 className="ew-login__title">{t('login.title')}</h1>
        {/* No `required` on the fields: the form checks them itself, in the user's language. */}
        <form className="ew-login__form" noValidate onSubmit={(e) => void onSubmit(e)}>
          {noticeText && !error && <PlainAlert severity="warning">{noticeText}</PlainAlert>}
          {error && <PlainAlert severity="error">{error}</PlainAlert>}
          <div className="ew-field">
            {/* The blank placeholder lets the CSS float the label once there is a value. */}
            <input
              className="ew-field__input"
              id="login-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder=" "
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoFocus
            />
            <label className="ew-field__label" htmlFor="login-username">
              {t('login.username')}
            </label>
          </div>
          <div className="ew-field">
            <input
              className="ew-field__input"
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder=" "
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <label className="ew-field__label" htmlFor="login-password">
              {t('login.password')}
            </label>
          </div>
          <button className="ew-login__submit" type="submit" disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="ew-login__footer">
          <Link to="/login/recover">{t('login.forgot')}</Link>
        </p>
        {/* Spec doc 1 §2: /master is the master users' entry page (decision 0104). */}
        <p className="ew-login__footer">
          <Link to="/master">{t('login.registerMaster')}</Link>
        </p>
      </div>
    </main>
  );
}
