import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BroadcastPreview, SendBroadcastRequest } from '@emberwatch/shared/contracts/broadcasts';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import {
  BROADCAST_CHANNELS,
  MAX_SMS_LENGTH,
  type BroadcastChannel,
} from '@emberwatch/shared/domain/broadcasts/broadcastRules';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { AudienceFields } from './AudienceFields';
import { audienceOfForm, EMPTY_AUDIENCE_FORM, type AudienceForm } from './audienceForm';
import { useBroadcastUsers, useSendBroadcast } from './broadcastsQueries';
import { refusalText } from '../../lib/refusalText';

type Texts = Partial<Record<Language, { subject: string; text: string }>>;

/** The texts to send: the languages with a text, English always (the server requires it). */
function textsToSend(texts: Texts): SendBroadcastRequest['texts'] {
  const out: Record<string, { subject: string; text: string }> = {
    en: texts.en ?? { subject: '', text: '' },
  };
  for (const l of LANGUAGES) {
    const t = texts[l];
    if (l !== 'en' && t && t.text.trim() !== '') out[l] = t;
  }
  return out as SendBroadcastRequest['texts'];
}

/**
 * Compose a broadcast (decision 0100): its channels, audience (counted as it is chosen) and texts per
 * language; a preview (the server's dry run: recipients, messages, capped ones, each language's text)
 * and a confirmation before the send. Root and Admin only; other levels see the audience's count.
 */
export function ComposeTab({ onSent }: { onSent: (id: number) => void }) {
  const { t } = useTranslation();
  const maySend = useOperatorTool('broadcastSend');
  const [channels, setChannels] = useState<BroadcastChannel[]>(['email']);
  const [form, setForm] = useState<AudienceForm>(EMPTY_AUDIENCE_FORM);
  const [texts, setTexts] = useState<Texts>({});
  const [language, setLanguage] = useState<Language>('en');
  const [preview, setPreview] = useState<BroadcastPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const audience = audienceOfForm(form);
  const users = useBroadcastUsers(audience);
  const send = useSendBroadcast();
  // Any change makes the preview stale: it must be asked again before sending.
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
      send.reset();
    };
  const body = (dryRun: boolean): SendBroadcastRequest => ({
    channels,
    audience,
    texts: textsToSend(texts),
    dryRun,
  });
  const current = texts[language] ?? { subject: '', text: '' };
  const setText = changed((v: { subject: string; text: string }) => setTexts({ ...texts, [language]: v }));
  const toggle = changed((c: BroadcastChannel) =>
    setChannels(channels.includes(c) ? channels.filter((x) => x !== c) : [...channels, c]),
  );
  const messages = preview ? preview.messages.sms + preview.messages.email : 0;

  return (
    <Stack spacing={2} data-testid="broadcast-compose">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="subtitle1">{t('broadcasts.compose.audience')}</Typography>
          <AudienceFields value={form} onChange={changed(setForm)} />
          <Typography data-testid="audience-count" color="text.secondary">
            {users.data
              ? t('broadcasts.compose.count', {
                  n: users.data.count,
                  sms: users.data.sms,
                  email: users.data.email,
                })
              : users.error
                ? refusalText(users.error)
                : t('broadcasts.compose.counting')}
          </Typography>
        </Stack>
      </Paper>
      {!maySend ? (
        <Alert severity="info">{t('broadcasts.compose.onlyOverseers')}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Typography variant="subtitle1">{t('broadcasts.compose.message')}</Typography>
              <FormGroup row>
                {BROADCAST_CHANNELS.map((c) => (
                  <FormControlLabel
                    key={c}
                    control={
                      <Checkbox
                        checked={channels.includes(c)}
                        onChange={() => toggle(c)}
                        slotProps={{ input: { 'data-testid': `channel-${c}` } as object }}
                      />
                    }
                    label={t(`broadcasts.channel.${c}`)}
                  />
                ))}
              </FormGroup>
              <Tabs value={language} onChange={(_e, v: Language) => setLanguage(v)} variant="scrollable">
                {LANGUAGES.map((l) => (
                  <Tab
                    key={l}
                    value={l}
                    data-testid={`text-lang-${l}`}
                    label={`${LANGUAGE_NAMES[l]}${texts[l]?.text.trim() ? ' •' : ''}`}
                  />
                ))}
              </Tabs>
              <Typography variant="body2" color="text.secondary">
                {language === 'en'
                  ? t('broadcasts.compose.englishRequired')
                  : t('broadcasts.compose.fallback')}
              </Typography>
              {channels.includes('email') && (
                <TextField
                  size="small"
                  label={t('broadcasts.compose.subject')}
                  value={current.subject}
                  onChange={(e) => setText({ ...current, subject: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'broadcast-subject' } }}
                />
              )}
              <TextField
                multiline
                minRows={3}
                label={t('broadcasts.compose.text')}
                value={current.text}
                onChange={(e) => setText({ ...current, text: e.target.value })}
                error={channels.includes('sms') && current.text.length > MAX_SMS_LENGTH}
                helperText={
                  channels.includes('sms')
                    ? t('broadcasts.compose.smsLength', { n: current.text.length, max: MAX_SMS_LENGTH })
                    : undefined
                }
                slotProps={{ htmlInput: { 'data-testid': 'broadcast-text' } }}
              />
            </Stack>
          </Paper>
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              data-testid="broadcast-preview"
              disabled={channels.length === 0 || send.isPending}
              onClick={() => send.mutate(body(true), { onSuccess: (r) => setPreview(r.preview) })}
            >
              {t('broadcasts.compose.preview')}
            </Button>
            <Button
              variant="contained"
              data-testid="broadcast-send"
              disabled={!preview || messages === 0 || send.isPending}
              onClick={() => setConfirming(true)}
            >
              {t('broadcasts.compose.send')}
            </Button>
          </Stack>
          {send.isPending && (
            <Stack spacing={1} data-testid="broadcast-sending">
              <LinearProgress />
              <Typography variant="body2">{t('broadcasts.compose.working')}</Typography>
            </Stack>
          )}
          {send.error && <Alert severity="error">{refusalText(send.error)}</Alert>}
          {preview && <PreviewPanel preview={preview} />}
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('broadcasts.compose.confirmTitle')}</DialogTitle>
        <DialogContent>
          {t('broadcasts.compose.confirm', {
            n: preview?.recipients ?? 0,
            messages: messages - (preview ? preview.capped.sms + preview.capped.email : 0),
          })}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('broadcasts.cancel')}</Button>
          <Button
            variant="contained"
            data-testid="broadcast-confirm"
            onClick={() => {
              setConfirming(false);
              send.mutate(body(false), {
                onSuccess: (r) => {
                  setPreview(null);
                  if (r.broadcast) onSent(r.broadcast.id);
                },
              });
            }}
          >
            {t('broadcasts.compose.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The dry run's answer: who gets what, what the caps keep back, and each language's text. */
function PreviewPanel({ preview }: { preview: BroadcastPreview }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="broadcast-preview-panel">
      <Stack spacing={1}>
        <Typography variant="subtitle1">{t('broadcasts.preview.title')}</Typography>
        <Typography data-testid="preview-recipients">
          {t('broadcasts.preview.recipients', { n: preview.recipients })}
        </Typography>
        <Typography>
          {t('broadcasts.preview.messages', { sms: preview.messages.sms, email: preview.messages.email })}
        </Typography>
        {preview.capped.sms > 0 && (
          <Alert severity="warning" data-testid="preview-capped">
            {t('broadcasts.preview.capped', { n: preview.capped.sms })}
          </Alert>
        )}
        {preview.unreachable > 0 && (
          <Typography color="text.secondary">
            {t('broadcasts.preview.unreachable', { n: preview.unreachable })}
          </Typography>
        )}
        {preview.languages.map((l) => (
          <Paper
            key={l.language}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid={`preview-lang-${l.language}`}
          >
            <Typography variant="caption">
              {t('broadcasts.preview.language', {
                language: LANGUAGE_NAMES[l.language as Language] ?? l.language,
                n: l.recipients,
              })}
            </Typography>
            {l.subject && <Typography variant="subtitle2">{l.subject}</Typography>}
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {l.text}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
