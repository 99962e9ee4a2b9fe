import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { notificationsAutoOpen, type UserInfo } from '@emberwatch/shared';
import { useSelectedStation } from '../base-stations';
import { NotificationsDialog } from './NotificationsDialog';
import { useMarkNotificationsSeen, useNotifications } from './notificationQueries';

/** Session storage: the dialog was closed once in this session, so it does not open by itself again. */
export const NOTIFICATIONS_CLOSED_KEY = 'emberwatch.notificationsClosed';
/** Spec doc 1 §9, doc 3 §9: auto dialogs open after 2000 ms. */
export const NOTIFICATIONS_AUTO_OPEN_MS = 2000;

function closedBefore(): boolean {
  try {
    return sessionStorage.getItem(NOTIFICATIONS_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The top bar's notifications button (spec doc 1 §2): a bell with the count of entries new since the
 * user last looked, for the account of the selected station. The dialog opens by itself 2 s after
 * load when there are notifications, no master-access request waits and it was not closed before in
 * this session (spec doc 1 §4), and the user has not clicked or typed meanwhile; opening it marks the
 * entries seen.
 */
export function NotificationsButton({ user }: { user: Pick<UserInfo, 'masterAuthorizations'> }) {
  const { t } = useTranslation();
  const uid = useSelectedStation().selected?.owner_UID;
  const notifications = useNotifications(uid);
  const markSeen = useMarkNotificationsSeen(uid);
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const list = notifications.data?.results;
  const unread = notifications.data?.unread ?? 0;
  const autoOpen =
    list !== undefined &&
    notificationsAutoOpen({
      count: list.length,
      pendingAuthorizations: user.masterAuthorizations.filter((m) => !m.authorized).length,
      closedBefore: closedBefore(),
    });

  const close = useCallback(() => {
    try {
      sessionStorage.setItem(NOTIFICATIONS_CLOSED_KEY, '1');
    } catch {
      /* private mode: it may open again on the next load, nothing worse */
    }
    setOpen(false);
  }, []);
  const show = () => {
    setNewIds(new Set((list ?? []).filter((n) => n.unread).map((n) => n.id)));
    setOpen(true);
    if (unread > 0) markSeen.mutate();
  };
  // Decided 2 s after the list first arrives, with the list as it is then; a later change (a new
  // alert) counts on the badge instead of opening the dialog.
  const openIfDue = useEffectEvent(() => {
    if (autoOpen && !open) show();
  });
  const loaded = list !== undefined;
  // Not at someone already at work: a click or a key in those 2 s (the menu opened, a tab chosen)
  // leaves the dialog to the bell, instead of dropping it over what they opened (decision 0047).
  useEffect(() => {
    if (!loaded) return;
    let busy = false;
    const markBusy = () => {
      busy = true;
    };
    document.addEventListener('pointerdown', markBusy, true);
    document.addEventListener('keydown', markBusy, true);
    const timer = setTimeout(() => {
      if (!busy) openIfDue();
    }, NOTIFICATIONS_AUTO_OPEN_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', markBusy, true);
      document.removeEventListener('keydown', markBusy, true);
    };
  }, [loaded]);

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
