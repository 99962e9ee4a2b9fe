import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MS } from '@emberwatch/shared/domain/settingsVisibility';

type Notify = (text: string, severity?: 'success' | 'error') => void;

const NotifyContext = createContext<Notify | null>(null);

/** The account area's snackbar (spec doc 2 §2.6 "password-changed snackbar", §9: 3 s). */
export function AccountSnackbarProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<{ text: string; severity: 'success' | 'error'; serial: number } | null>(
    null,
  );
  const notify = useCallback<Notify>((text, severity = 'success') => {
    setSnack((s) => ({ text, severity, serial: (s?.serial ?? 0) + 1 }));
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext value={value}>
      {children}
      <Snackbar
        key={snack?.serial}
        open={snack !== null}
        autoHideDuration={SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setSnack(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={snack?.severity ?? 'success'}
          variant="filled"
          onClose={() => setSnack(null)}
          data-testid="account-snackbar"
        >
          {snack?.text}
        </Alert>
      </Snackbar>
    </NotifyContext>
  );
}

export function useAccountSnackbar(): Notify {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('useAccountSnackbar needs an AccountSnackbarProvider');
  return ctx;
}
