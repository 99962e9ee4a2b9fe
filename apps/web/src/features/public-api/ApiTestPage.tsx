import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import './locale';

/**
 * The spec's test page of the public API (doc 1 §2, §7 "Test page calls"): the function is the
 * address's last segment, its input the page's query parameters (a v2 call sends them as its JSON
 * body); the key is pasted here, kept in memory only, and sent as X-API-Key. The answer's JSON is
 * shown as it came, refusals included.
 */
export function ApiTestPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [key, setKey] = useState('');
  const [answer, setAnswer] = useState<{ status: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const name = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const v2 = pathname.includes('/api/v2/');
  const params = Object.fromEntries(new URLSearchParams(search));

  const send = async () => {
    setBusy(true);
    try {
      const res = v2
        ? await fetch(pathname, {
            method: 'POST',
            headers: {
              'x-api-key': key.trim(),
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body: JSON.stringify(params),
          })
        : await fetch(`${pathname}${search}`, {
            headers: { 'x-api-key': key.trim(), accept: 'application/json' },
          });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // CSV or text: shown as it came
      }
      setAnswer({ status: res.status, text: shown });
    } catch {
      setAnswer({ status: 0, text: t('publicApi.testPage.networkError') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" data-testid="api-test-call">
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('publicApi.testPage.params')} <code data-testid="api-test-params">{JSON.stringify(params)}</code>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          type="password"
          label={t('publicApi.testPage.key')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'api-test-key', autoComplete: 'off' } }}
        />
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={busy || key.trim() === ''}
          data-testid="api-test-send"
        >
          {t('publicApi.testPage.send')}
        </Button>
      </Box>
      {answer && (
        <>
          <Alert severity={answer.status >= 200 && answer.status < 300 ? 'success' : 'error'} sx={{ mb: 1 }}>
            {t('publicApi.testPage.status', { status: answer.status })}
          </Alert>
          <Box component="pre" sx={{ overflow: 'auto', m: 0 }} data-testid="api-test-answer">
            {answer.text}
          </Box>
        </>
      )}
    </Paper>
  );
}
