import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import { notificationsAutoOpen } from '@emberwatch/shared/domain/notifications/notificationRules';
import { useAutoOpen } from '../../lib/useAutoOpen';
import { useSelectedStation } from '../base-stations';
import { NotificationsDialog } from './NotificationsDialog';
import { useMarkNotificationsSeen, useNotifications } from './notificationQueries';

/** The dialog's name in the session's memory of windows that open by itself (decision 0077). */
export const NOTIFICATIONS_WINDOW = 'notifications';
/** Spec doc 1 §9, doc 3 §9: auto dialogs open after 2000 ms. */
export const NOTIFICATIONS_AUTO_OPEN_MS = 2000;

/**
 * The top bar's notifications button (spec doc 1 §2): a bell with the count of entries new since the
 * user last looked, for the account of the selected station. The dialog opens by itself 2 s after
 * the list arrives when there are notifications and no master-access request waits (spec doc 1 §4) —
 * once in the tab session, not after it was closed, not at a user who clicked or typed meanwhile and
 * not over another dialog (useAutoOpen, decision 0077); opening it marks the entries seen.
 */
export function NotificationsButton({ user }: { user: Pick<UserInfo, 'U_ID' | 'masterAuthorizations'> }) {
  const { t } = useTranslation();
  const uid = useSelectedStation().selected?.owner_UID;
  const notifications = useNotifications(uid);
  const markSeen = useMarkNotificationsSeen(uid);
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const list = notifications.data?.results;
  const unread = notifications.data?.unread ?? 0;

  const show = () => {
    setNewIds(new Set((list ?? []).filter((n) => n.unread).map((n) => n.id)));
    setOpen(true);
    if (unread > 0) markSeen.mutate();
  };
  // Decided 2 s after the list first arrives, with the list as it is then; a later change (a new
  // alert) counts on the badge instead of opening the dialog. The memory is the logged-in user's
  // (a master looking at a farm has one), not the farm's.
  const auto = useAutoOpen({
    name: NOTIFICATIONS_WINDOW,
    uid: user.U_ID,
    ready: list !== undefined,
    wanted:
      list !== undefined &&
      notificationsAutoOpen({
        count: list.length,
        pendingAuthorizations: user.masterAuthorizations.filter((m) => !m.authorized).length,
      }),
    delayMs: NOTIFICATIONS_AUTO_OPEN_MS,
    onOpen: show,
  });
  const { closed } = auto;
  const close = useCallback(() => {
    closed();
    setOpen(false);
  }, [closed]);

  if (uid === undefined || !notifications.data) return null;
  const label = t('notifications.button', { count: unread });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          ref={setAnchor}
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => (open ? close() : show())}
          data-testid="notifications-button"
          data-auto-open={auto.state}
        >
          <Badge badgeContent={unread} color="secondary">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {open && (
        <NotificationsDialog
          anchor={anchor}
          uid={uid}
          notifications={list ?? []}
          newIds={newIds}
          onClose={close}
        />
      )}
    </>
  );
}
