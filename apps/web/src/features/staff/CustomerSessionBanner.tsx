import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSessionInfo } from '../sessions';
import { actingStaffOf, useCustomerSession } from './customerSession';
import { refusalText } from '../../lib/refusalText';
import './locale';

/**
 * The banner of a customer's session opened by a staff member (loginAdmin, decision 0099), on every
 * page of it: whose session, as whom, and End, which returns the member to its own console (or to the
 * login page when that session is gone). Nothing in every other session.
 */
export function CustomerSessionBanner() {
  const { t } = useTranslation();
  const session = useSessionInfo().data;
  const staff = actingStaffOf(session);
  const { end, busy, error } = useCustomerSession();
  if (!session || !staff) return null;
  return (
    <Box
      role="status"
      data-testid="customer-session-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 0.75,
        bgcolor: '#b45309',
        color: '#fff',
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
        {t('staff.session.banner', { customer: session.username, staff })}
      </Typography>
      {error !== null && (
        <Typography variant="body2" role="alert">
          {refusalText(error)}
        </Typography>
      )}
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        disabled={busy}
        data-testid="end-customer-session"
        onClick={() => void end()}
      >
        {t('staff.session.end')}
      </Button>
    </Box>
  );
}
