import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginErrorText, useSession } from '../sessions';

/**
 * The entry pages' login: the same session login as /login, on the page itself, so a partner user
 * reads what the product is for them and logs in without a second page (decision 0116). When it
 * succeeds the session turns authenticated and the page sends the user on.
 */
export function LoginBox() {
  const { t } = useTranslation();
  const { login } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) return setError(t('partnerApps.login.required'));
    setBusy(true);
    setError(null);
    try {
      await login({ username: username.trim(), password });
    } catch (err) {
      setError(loginErrorText(err, t));
      setBusy(false);
    }
  }

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit} aria-labelledby="partner-login-title">
      <Typography id="partner-login-title" variant="h6" component="h2">
        {t('partnerApps.login.title')}
      </Typography>
      {error && (
        <Alert severity="error" data-testid="partner-login-error">
          {error}
        </Alert>
      )}
      <TextField
        label={t('partnerApps.login.username')}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete="username"
        size="small"
        required
        slotProps={{ htmlInput: { 'data-testid': 'partner-username' } }}
      />
      <TextField
        label={t('partnerApps.login.password')}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
        size="small"
        required
        slotProps={{ htmlInput: { 'data-testid': 'partner-password' } }}
      />
      <Button type="submit" variant="contained" disabled={busy} data-testid="partner-login-submit">
        {t('partnerApps.login.submit')}
      </Button>
      <Link component={RouterLink} to="/login/recover" variant="body2">
        {t('partnerApps.login.forgot')}
      </Link>
    </Stack>
  );
}
