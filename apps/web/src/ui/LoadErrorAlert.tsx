import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { isNetworkFailure } from '../lib/ApiRequestError';

/**
 * A load that failed, with a button to try again. Given the error, a network failure says that the
 * server cannot be reached (the user can do something about it); anything else, or no error given,
 * says that the data could not be loaded.
 */
export function LoadErrorAlert({
  error,
  onRetry,
  sx,
}: {
  error?: unknown;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {isNetworkFailure(error) ? t('errors.network') : t('errors.loadFailed')}
    </Alert>
  );
}
