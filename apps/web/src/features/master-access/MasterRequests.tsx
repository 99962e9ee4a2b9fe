import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HowToReg from '@mui/icons-material/HowToReg';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { useAutoOpen } from '../../lib/useAutoOpen';
import { lazyWindow } from '../../lib/lazyWindow';
import { masterRequestsAutoOpen, pendingMasterRequests } from './masterRequestRules';

const MasterRequestsDialog = lazyWindow(() =>
  import('./MasterRequestsDialog').then((m) => ({ default: m.MasterRequestsDialog })),
);

/** The dialog's name in the session's memory of windows that open by itself (decision 0077). */
export const MASTER_REQUESTS_WINDOW = 'masterRequests';
/** Spec doc 1 §4 "Auto dialogs": the authorization dialog opens 2 s after load. */
export const AUTO_OPEN_AFTER_MS = 2000;

/**
 * The top bar's authorization-request button with its count and the dialog behind it (spec doc 1
 * §2): shown while master accounts wait for the owner's answer; the dialog opens by itself 2 s
 * after load for a non-admin, non-master user — once in the tab session, not after it was closed,
 * not at a user who clicked or typed meanwhile and not over another dialog (decision 0077).
 */
export function MasterRequests({ user, roleContext }: { user: UserInfo; roleContext: RoleContext }) {
  const { t } = useTranslation();
  const pending = pendingMasterRequests(user);
  const [open, setOpen] = useState(false);
  const auto = useAutoOpen({
    name: MASTER_REQUESTS_WINDOW,
    uid: user.U_ID,
    ready: true,
    wanted: masterRequestsAutoOpen(roleContext, pending.length),
    delayMs: AUTO_OPEN_AFTER_MS,
    onOpen: () => setOpen(true),
  });
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
          data-auto-open={auto.state}
        >
          <Badge badgeContent={pending.length} color="secondary">
            <HowToReg />
          </Badge>
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <MasterRequestsDialog
            accountId={user.U_ID}
            requests={pending}
            onClose={() => {
              auto.closed();
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
