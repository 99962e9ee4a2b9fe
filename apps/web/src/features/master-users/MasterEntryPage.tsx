import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PHONE_STATUS } from '@emberwatch/shared/contracts/account';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { RegistrationStatus } from '@emberwatch/shared/contracts/masterUsers';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import {
  REGISTRATION_STEPS,
  stepOf,
  type RegistrationState,
} from '@emberwatch/shared/domain/masterUsers/masterRegistration';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError, isNetworkFailure } from '../../lib/ApiRequestError';
import type { TranslationKey } from '../../i18n/translationKey';
import { useSession, useSessionInfo } from '../sessions';
import { EMPTY_FORM, registrationFormProblems, type RegistrationForm } from './registrationForm';

/** The registration in progress survives a reload of the tab (not the tab's closing). */
const STORE_KEY = 'emberwatch.masterRegistration';

const STEP_LABELS: Record<(typeof REGISTRATION_STEPS)[number], TranslationKey> = {
  details: 'masterUsers.steps.details',
  phone: 'masterUsers.steps.phone',
  finish: 'masterUsers.steps.finish',
};

/** The server's refusals the page says in the user's language (spec doc 2 §8 for the code's). */
const SERVER_TEXTS: Record<string, TranslationKey> = {
  'Confirmation code is wrong': 'masterUsers.phone.wrong',
  'The code has expired. Please ask for a new one.': 'masterUsers.phone.codeExpired',
  'Too many wrong codes. Please ask for a new one.': 'masterUsers.phone.tooMany',
  'No code is waiting. Please ask for one first.': 'masterUsers.phone.noCode',
  'username exists': 'masterUsers.errors.username_exists',
};

function stored(): RegistrationStatus | null {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as RegistrationStatus) : null;
  } catch {
    return null;
  }
}

/**
 * /master, the master users' entry page (spec doc 1 §2; decision 0104): an advisor registers a master
 * account in three steps — details, the phone confirmed by a 4-digit SMS code, finish — and then logs
 * in as anyone does. A logged-in master goes to the site index; another logged-in user to the app.
 */
export function MasterEntryPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const session = useSessionInfo();
  useEffect(() => {
    document.title = `${t('masterUsers.title')} · ${t('app.name')}`;
  }, [t]);
  if (status === 'restoring' || (status === 'authenticated' && !session.data))
    return <LinearProgress aria-label={t('common.loading')} />;
  if (status === 'authenticated') return <Navigate to={session.data?.master ? '/siteindex' : '/'} replace />;
  return <Registration />;
}

function Registration() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [reg, setRegState] = useState<RegistrationStatus | null>(() => {
    const s = stored();
    return s && s.expiresTs * 1000 > Date.now() ? s : null;
  });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setReg = (next: RegistrationStatus | null) => {
    setRegState(next);
    if (next) sessionStorage.setItem(STORE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STORE_KEY);
  };
  const moveTo = (state: RegistrationState) => reg && setReg({ ...reg, state });

  /** One call: its failure in words (the server's own for a refusal), expired starts over. */
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await action();
    } catch (e) {
      if (isApiRequestError(e) && e.httpStatus === 410) {
        setReg(null);
        setError(t('masterUsers.errors.expired'));
      } else if (isApiRequestError(e) && e.httpStatus === 429)
        setError(t('masterUsers.errors.wait', { seconds: e.retryAfterS ?? 30 }));
      else if (isNetworkFailure(e) || !isApiRequestError(e)) setError(t('masterUsers.errors.network'));
      else {
        const known = e.serverMessage ? SERVER_TEXTS[e.serverMessage] : undefined;
        setError(
          known ? t(known) : (e.serverMessage ?? t('masterUsers.errors.failed', { status: e.statusCode })),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  const step = done ? REGISTRATION_STEPS.length : REGISTRATION_STEPS.indexOf(stepOf(reg?.state ?? null));
  const language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 560, p: { xs: 2, sm: 3 }, mt: { sm: 6 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('masterUsers.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('masterUsers.intro')}
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 1 }}>
          {REGISTRATION_STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>{t(STEP_LABELS[s])}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <LinearProgress
          variant="determinate"
          value={(step / REGISTRATION_STEPS.length) * 100}
          aria-label={t('masterUsers.progress', { step: Math.min(step + 1, 3), of: 3 })}
          sx={{ mb: 2 }}
        />
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="master-error">
            {error}
          </Alert>
        )}
        {info && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="master-info">
            {info}
          </Alert>
        )}
        {done ? (
          <Stack spacing={2} data-testid="master-done">
            <Alert severity="success">{t('masterUsers.done', { username: done })}</Alert>
            <Button variant="contained" component={RouterLink} to="/login">
              {t('masterUsers.login')}
            </Button>
          </Stack>
        ) : !reg ? (
          <DetailsStep
            busy={busy}
            onSubmit={(form) =>
              run(async () => {
                const started = await api.call(endpoints.masterUsers.registerMasterUser, {
                  username: form.username.trim(),
                  name: form.name.trim(),
                  company: form.company.trim(),
                  email: form.email.trim(),
                  phone: form.phone,
                  password: form.password,
                  language,
                });
                setReg(started);
                // The code goes out at once: the next step asks for it.
                const sent = await api.call(endpoints.masterUsers.activateMasterPhone, {
                  registration: started.registration,
                });
                setReg({ ...started, state: sent.state, phone: sent.phone });
              })
            }
          />
        ) : reg.state !== 'phoneConfirmed' ? (
          <PhoneStep
            phone={reg.phone}
            codeSent={reg.state === 'codeSent'}
            busy={busy}
            onSend={() =>
              run(async () => {
                try {
                  const sent = await api.call(endpoints.masterUsers.activateMasterPhone, {
                    registration: reg.registration,
                  });
                  setReg({ ...reg, state: sent.state, phone: sent.phone });
                  setInfo(t(sent.resent ? 'masterUsers.phone.resent' : 'masterUsers.phone.sent'));
                } catch (e) {
                  if (isApiRequestError(e) && e.statusCode === PHONE_STATUS.alreadyConfirmed)
                    return void moveTo('phoneConfirmed');
                  throw e;
                }
              })
            }
            onConfirm={(code) =>
              run(async () => {
                try {
                  const ok = await api.call(endpoints.masterUsers.confirmMasterMobile, {
                    registration: reg.registration,
                    code,
                  });
                  setReg({ ...reg, state: ok.state });
                } catch (e) {
                  // Spec doc 2 §8: 13 (confirmed already) is success; 2 is the wrong code.
                  if (isApiRequestError(e) && e.statusCode === PHONE_STATUS.alreadyConfirmed)
                    return void moveTo('phoneConfirmed');
                  throw e;
                }
              })
            }
          />
        ) : (
          <Stack spacing={2} data-testid="master-finish">
            <Alert severity="success">{t('masterUsers.finish.confirmed', { phone: reg.phone })}</Alert>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const fin = await api.call(endpoints.masterUsers.finalizeMasterUser, {
                    registration: reg.registration,
                  });
                  setReg(null);
                  setDone(fin.username);
                })
              }
            >
              {t('masterUsers.finish.submit')}
            </Button>
          </Stack>
        )}
        {!done && (
          <Typography variant="body2" sx={{ mt: 3 }}>
            <Link component={RouterLink} to="/login">
              {t('masterUsers.haveAccount')}
            </Link>
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

function DetailsStep({ busy, onSubmit }: { busy: boolean; onSubmit: (f: RegistrationForm) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RegistrationForm>(EMPTY_FORM);
  const [tried, setTried] = useState(false);
  const problems = registrationFormProblems(form);
  const field = (name: keyof RegistrationForm, label: TranslationKey, extra: object = {}) => {
    const problem = tried ? problems[name] : undefined;
    return (
      <TextField
        label={t(label)}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        error={problem !== undefined}
        helperText={problem ? t(problem) : ' '}
        slotProps={{ htmlInput: { 'data-testid': `master-${name}` } }}
        size="small"
        fullWidth
        {...extra}
      />
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length === 0) onSubmit(form);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={0.5}>
        {field('username', 'masterUsers.fields.username', { autoComplete: 'username', required: true })}
        {field('name', 'masterUsers.fields.name', { autoComplete: 'name', required: true })}
        {field('company', 'masterUsers.fields.company', { autoComplete: 'organization' })}
        {field('email', 'masterUsers.fields.email', { type: 'email', autoComplete: 'email', required: true })}
        {field('phone', 'masterUsers.fields.phone', { type: 'tel', autoComplete: 'tel', required: true })}
        {field('password', 'masterUsers.fields.password', {
          type: 'password',
          autoComplete: 'new-password',
          required: true,
        })}
        {field('confirmation', 'masterUsers.fields.confirmation', {
          type: 'password',
          autoComplete: 'new-password',
          required: true,
        })}
        <Button type="submit" variant="contained" disabled={busy}>
          {t('masterUsers.details.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function PhoneStep({
  phone,
  codeSent,
  busy,
  onSend,
  onConfirm,
}: {
  phone: string;
  codeSent: boolean;
  busy: boolean;
  onSend: () => void;
  onConfirm: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const valid = /^\d{4}$/.test(code.trim());
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (valid) onConfirm(code.trim());
      }}
    >
      <Stack spacing={2}>
        <Typography>
          {t(codeSent ? 'masterUsers.phone.explain' : 'masterUsers.phone.notSent', { phone })}
        </Typography>
        {codeSent && (
          <TextField
            label={t('masterUsers.phone.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            helperText={code !== '' && !valid ? t('masterUsers.errors.sms_digits') : ' '}
            error={code !== '' && !valid}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'master-code' } }}
            size="small"
            autoComplete="one-time-code"
          />
        )}
        <Stack direction="row" spacing={1}>
          {codeSent && (
            <Button type="submit" variant="contained" disabled={busy || !valid}>
              {t('masterUsers.phone.confirm')}
            </Button>
          )}
          <Button onClick={onSend} disabled={busy}>
            {t(codeSent ? 'masterUsers.phone.resend' : 'masterUsers.phone.send')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
