import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Login from '@mui/icons-material/Login';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { useSessionInfo } from '../sessions';
import { useCustomerSession } from './customerSession';
import { refusalText } from '../../lib/refusalText';
import './locale';

/**
 * "Open the customer's session" (loginAdmin, issue 31 item 1, decision 0099): the staff member then
 * sees exactly what the customer sees, under the shell's banner, until End or logout. Shown to the
 * levels the operator tool `customerSession` names; the admin bar shows it for the selected
 * station's owner, and the customers' page may show it for a row.
 */
export function OpenCustomerSessionButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  // From the session, not the shell's page context: the admin bar is outside the pages' outlet.
  const info = useSessionInfo().data;
  const may =
    !!info && mayUseOperatorTool({ admin: info.admin, adminGroup: info.admin_group }, 'customerSession');
  const session = useCustomerSession();
  if (!may) return null;
  const failed = session.error ? refusalText(session.error) : null;
  return (
    <Tooltip title={failed ?? t('staff.session.openHint', { customer: name })}>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<Login fontSize="small" />}
        disabled={session.busy}
        data-testid="open-customer-session"
        aria-label={t('staff.session.openFor', { customer: name })}
        onClick={() => void session.open(userId)}
      >
        {failed ? t('staff.session.openFailed') : t('staff.session.open')}
      </Button>
    </Tooltip>
  );
}
