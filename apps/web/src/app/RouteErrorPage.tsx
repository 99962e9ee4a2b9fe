import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Last line of defence for a rendering bug: the spec's generic text and a way back, never a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, maxWidth: 520, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.assign('/')}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('errors.generic')}
      </Alert>
    </Box>
  );
}
