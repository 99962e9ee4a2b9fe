import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { MessageSnackbar, type SnackbarMessage } from '../../ui/MessageSnackbar';

type Notify = (text: string, severity?: 'success' | 'error') => void;

const NotifyContext = createContext<Notify | null>(null);

/** The account area's snackbar (spec doc 2 §2.6 "password-changed snackbar", §9: 3 s). */
export function AccountSnackbarProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<SnackbarMessage | null>(null);
  const notify = useCallback<Notify>((text, severity = 'success') => {
    setSnack((s) => ({ text, severity, serial: (s?.serial ?? 0) + 1 }));
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext value={value}>
      {children}
      <MessageSnackbar message={snack} onClose={() => setSnack(null)} testId="account-snackbar" />
    </NotifyContext>
  );
}

export function useAccountSnackbar(): Notify {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('useAccountSnackbar needs an AccountSnackbarProvider');
  return ctx;
}
