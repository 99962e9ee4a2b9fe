import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MS } from '@emberwatch/shared/domain/settingsVisibility';

export interface SnackbarMessage {
  text: string;
  severity: 'success' | 'error';
  /** Counts the messages: a new one restarts the snackbar (and its 3 s) even with the same text. */
  serial: number;
}

/**
 * A short message at the bottom (spec doc 2 §9: shown 3 s): "saved", "password changed" or what failed.
 * A click elsewhere does not close it; its close button and the time do.
 */
export function MessageSnackbar({
  message,
  onClose,
  testId,
}: {
  message: SnackbarMessage | null;
  onClose: () => void;
  testId: string;
}) {
  return (
    <Snackbar
      key={message?.serial}
      open={message !== null}
      autoHideDuration={SNACKBAR_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={message?.severity ?? 'success'}
        variant="filled"
        onClose={onClose}
        data-testid={testId}
      >
        {message?.text}
      </Alert>
    </Snackbar>
  );
}
