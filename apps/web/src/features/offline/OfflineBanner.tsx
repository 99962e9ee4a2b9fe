import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useDateTimeText, useSession } from '../sessions';
import { useOldestShownData } from './useOldestShownData';
import { useOnline } from './useOnline';
import './locale';

/**
 * "Offline — showing data from …" on every page while the app has no network, or started without one
 * and has not taken its session up again (decision 0128): what is shown is the last data this device
 * saw, and the banner says from when. It goes by itself when the network returns. Online, the same
 * banner says "This device's copy from …" while a page still shows the copy the app opened with
 * (decision 0145), and goes when the fresh data has replaced it.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const { offline: startedOffline, deviceCopyAt } = useSession();
  const oldest = useOldestShownData();
  const dateTime = useDateTimeText();
  const offline = !online || startedOffline;
  const deviceCopy = deviceCopyAt !== null && oldest !== null && oldest <= deviceCopyAt;
  if (!offline && !deviceCopy) return null;
  return (
    <Box
      role="status"
      data-testid={offline ? 'offline-banner' : 'device-copy-banner'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        bgcolor: '#37474f',
        color: '#fff',
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <CloudOffIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {oldest === null
          ? t('offline.bannerNoData')
          : t(offline ? 'offline.banner' : 'offline.deviceCopy', {
              time: dateTime(Math.floor(oldest / 1000)),
            })}
      </Typography>
    </Box>
  );
}
