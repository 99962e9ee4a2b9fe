import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HowToReg from '@mui/icons-material/HowToReg';
import type { RoleContext, UserInfo } from '@emberwatch/shared';
import { MasterRequestsDialog } from './MasterRequestsDialog';
import { masterRequestsAutoOpen, pendingMasterRequests } from './masterRequestRules';

/** Session storage: the dialog was closed once in this session, so it does not open by itself again. */
export const MASTER_REQUESTS_CLOSED_KEY = 'emberwatch.masterRequestsClosed';
/** Spec doc 1 §4 "Auto dialogs": the authorization dialog opens 2 s after load. */
export const AUTO_OPEN_AFTER_MS = 2000;

function closedBefore(): boolean {
  try {
    return sessionStorage.getItem(MASTER_REQUESTS_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The top bar's authorization-request button with its count and the dialog behind it (spec doc 1
 * §2): shown while master accounts wait for the owner's answer; the dialog opens by itself 2 s
 * after load for a non-admin, non-master user, unless it was closed before in this session.
 */
export function MasterRequests({ user, roleContext }: { user: UserInfo; roleContext: RoleContext }) {
  const { t } = useTranslation();
  const pending = pendingMasterRequests(user);
  const [open, setOpen] = useState(false);
  const autoOpen = masterRequestsAutoOpen(roleContext, pending.length, closedBefore());
  useEffect(() => {
    if (!autoOpen) return;
    const timer = setTimeout(() => setOpen(true), AUTO_OPEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [autoOpen]);
  if (pending.length === 0) return null;
  const label = t('masterAccess.button', { count: pending.length });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid="master-requests"
        >
          <Badge badgeContent={pending.length} color="secondary">
            <HowToReg />
          </Badge>
        </IconButton>
      </Tooltip>
      {open && (
        <MasterRequestsDialog
          accountId={user.U_ID}
          requests={pending}
          onClose={() => {
            try {
              sessionStorage.setItem(MASTER_REQUESTS_CLOSED_KEY, '1');
            } catch {
              /* private mode: it may open again on the next load, nothing worse */
            }
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
