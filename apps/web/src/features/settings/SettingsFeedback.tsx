import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { MessageSnackbar } from '../../ui/MessageSnackbar';

interface Feedback {
  /** The "saved" snackbar (spec doc 2 §9: 3 s), or an error one. */
  notify: (kind: 'saved' | 'error') => void;
  /** The shell's confirm dialog (spec doc 1 §2: "Are you sure?", Ok, Cancel). */
  confirm: (text?: string) => Promise<boolean>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function SettingsFeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [snack, setSnack] = useState<{ kind: 'saved' | 'error'; serial: number } | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const notify = useCallback((kind: 'saved' | 'error') => {
    setSnack((s) => ({ kind, serial: (s?.serial ?? 0) + 1 }));
  }, []);
  const confirm = useCallback((text?: string) => {
    resolver.current?.(false);
    setQuestion(text ?? '');
    return new Promise<boolean>((resolve) => (resolver.current = resolve));
  }, []);
  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setQuestion(null);
  };
  const value = useMemo(() => ({ notify, confirm }), [notify, confirm]);

  return (
    <FeedbackContext value={value}>
      {children}
      <MessageSnackbar
        message={
          snack && {
            text: snack.kind === 'error' ? t('settings.saveFailed') : t('settings.saved'),
            severity: snack.kind === 'error' ? 'error' : 'success',
            serial: snack.serial,
          }
        }
        onClose={() => setSnack(null)}
        testId="settings-snackbar"
      />
      <Dialog open={question !== null} onClose={() => answer(false)} aria-labelledby="settings-confirm-text">
        <DialogContent>
          <DialogContentText id="settings-confirm-text">
            {question || t('settings.confirm.text')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answer(false)}>{t('settings.confirm.cancel')}</Button>
          <Button onClick={() => answer(true)} variant="contained" autoFocus>
            {t('settings.confirm.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </FeedbackContext>
  );
}

export function useSettingsFeedback(): Feedback {
  const ctx = useContext(FeedbackContext);
  if (!ctx) throw new Error('useSettingsFeedback needs a SettingsFeedbackProvider');
  return ctx;
}
