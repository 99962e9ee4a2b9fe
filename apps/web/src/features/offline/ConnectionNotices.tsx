import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import { useFailedSaves, useQueuedSaves, useReadRetrying } from './useConnectionState';
import { useOnline } from './useOnline';
import './locale';

/** At most this many "not saved" notices at once; the oldest go first. */
const MAX_NOTICES = 3;

/**
 * What the shell says about a poor network (issue 35 item 4, decision 0140): "trying again" while a
 * read on screen is being retried (the page keeps what it shows, or its loading state, instead of an
 * error); how many queued saves wait for the network; and, for each save that could not reach the
 * server, "not saved" with a button that sends it again. Leaving the page while saves wait asks first.
 */
export function ConnectionNotices() {
  const { t } = useTranslation();
  // Offline, the offline banner says why nothing arrives; the tries wait for the network.
  const online = useOnline();
  const retrying = useReadRetrying() && online;
  const queued = useQueuedSaves();
  const { failed, retry, dismiss } = useFailedSaves();

  useEffect(() => {
    if (queued === 0) return;
    // Queued saves live in this page: closing it before they are sent would lose them unseen.
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [queued]);

  return (
    <>
      {(retrying || queued > 0) && (
        <Box
          role="status"
          data-testid={queued > 0 ? 'saves-queued' : 'reads-retrying'}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 0.5,
            bgcolor: '#fff3e0',
            color: '#4e342e',
          }}
        >
          <SyncIcon fontSize="small" aria-hidden />
          <Typography variant="body2">
            {queued > 0 ? t('offline.queued', { count: queued }) : t('offline.retrying')}
          </Typography>
        </Box>
      )}
      {failed.length > 0 && (
        <Stack
          spacing={1}
          sx={{
            position: 'fixed',
            left: 16,
            right: 16,
            bottom: 16,
            maxWidth: 560,
            mx: 'auto',
            zIndex: (theme) => theme.zIndex.snackbar,
          }}
        >
          {failed.slice(-MAX_NOTICES).map((m) => (
            <Alert
              key={m.mutationId}
              severity="error"
              variant="filled"
              role="alert"
              data-testid="save-not-saved"
              action={
                <>
                  <Button color="inherit" size="small" onClick={() => retry(m)}>
                    {t('common.retry')}
                  </Button>
                  <Button color="inherit" size="small" onClick={() => dismiss(m)}>
                    {t('offline.dismiss')}
                  </Button>
                </>
              }
            >
              {t('offline.notSaved')}
            </Alert>
          ))}
        </Stack>
      )}
    </>
  );
}
