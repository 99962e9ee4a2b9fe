import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { OutlinedField } from '../../ui/OutlinedField';
import { useSession } from './SessionProvider';
import { safeRedirect } from './safeRedirect';
import { loginErrorText } from './loginErrorText';
import { preloadShell } from '../../app/lazyShell';

export function LoginPage() {
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
    preloadShell();
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
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 380, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
          <LocalFireDepartment fontSize="large" aria-hidden />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('app.tagline')}
        </Typography>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('login.title')}
        </Typography>
        {/* No `required` on the fields: MUI would append "*" to the labels the form is found by. */}
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2 }}>
          {noticeText && !error && <Alert severity="warning">{noticeText}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <OutlinedField
            id="login-username"
            label={t('login.username')}
            name="username"
            autoComplete="username"
            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoFocus
            fullWidth
          />
          <OutlinedField
            id="login-password"
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
