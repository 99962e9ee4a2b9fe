import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import type { Notification } from '@emberwatch/shared/contracts/notifications';
import { useUiPreferences } from '../sessions';
import { DataBreakAckButton } from './DataBreakAckButton';
import { notificationText } from './notificationText';
import { panelPosition, type PanelPosition } from './panelPosition';
import '../../ui/textButton.css';
import './NotificationsDialog.css';

/**
 * The notifications dialog (spec doc 1 §2 "Shell dialogs", doc 3 §2): each entry in words, coloured
 * by its importance and linking to its page (following a link closes the dialog); the entries new
 * since the last look are marked; an empty list says so. A link followed while a storage has unsaved
 * edits is stopped by the storage's guard, whose 10 s warning shows above the dialog (spec doc 3 §4).
 *
 * Non-modal, under the bell (decision 0047): it opens by itself, and a modal would take the page from
 * the user (and hide it from assistive technology) at a moment they did not choose. A click elsewhere
 * or Escape closes it. Plain elements and CSS, not MUI's (decision 0165): it opens on the first screen of
 * nearly every farm, and its entries were half of the MUI components drawn there.
 */
export function NotificationsDialog({
  anchor,
  uid,
  notifications,
  newIds,
  onClose,
}: {
  anchor: HTMLElement | null;
  /** The account whose notifications these are (a data break is acknowledged for it). */
  uid?: number;
  notifications: readonly Notification[];
  newIds: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const context = { t, unit: prefs.degrees, dateFormat: prefs.date_format, timeFormat: prefs.time_format };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const position = useUnderAnchor(anchor);
  if (!anchor || !position) return null;
  return createPortal(
    <div
      className="ew-notifications-panel"
      style={{ top: position.top, right: position.right, width: position.width }}
    >
      <ClickAwayListener
        onClickAway={(e) => {
          // The bell toggles the dialog itself.
          if (!(e.target instanceof Node && anchor.contains(e.target))) onClose();
        }}
      >
        <div role="dialog" aria-labelledby="notifications-title" className="ew-notifications-paper">
          <h2 id="notifications-title" className="ew-notifications-title">
            {t('notifications.title')}
          </h2>
          <hr className="ew-notifications-divider" />
          <div className="ew-notifications-body">
            {notifications.length === 0 ? (
              <p className="ew-notifications-empty">{t('notifications.empty')}</p>
            ) : (
              <ul className="ew-notifications-list">
                {notifications.map((n) => {
                  const words = notificationText(n, context);
                  const dataBreak = (n.type === 'noBSData' || n.type === 'noProbeData') && n.bs;
                  return (
                    <li key={n.id}>
                      <RouterLink
                        to={n.url}
                        onClick={onClose}
                        data-testid={`notification-${n.id}`}
                        className="ew-notification"
                        style={{ borderLeftColor: n.color }}
                      >
                        <span className="ew-notification__title">
                          <span>{words.title}</span>
                          {newIds.has(n.id) && <span className="ew-new-mark">{t('notifications.new')}</span>}
                        </span>
                        <span className="ew-notification__text">{words.text}</span>
                      </RouterLink>
                      {dataBreak && <DataBreakAckButton uid={uid} bsId={n.bs!} />}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <hr className="ew-notifications-divider" />
          <div className="ew-notifications-actions">
            <button type="button" className="ew-text-button" onClick={onClose}>
              {t('notifications.close')}
            </button>
          </div>
        </div>
      </ClickAwayListener>
    </div>,
    document.body,
  );
}

/**
 * The panel's place under the bell, measured before the first paint and again when the window's size
 * changes (decision 0159: a fixed panel, no popper engine).
 */
function useUnderAnchor(anchor: HTMLElement | null): PanelPosition | null {
  const [position, setPosition] = useState<PanelPosition | null>(null);
  useLayoutEffect(() => {
    if (!anchor) return;
    const place = () =>
      setPosition(panelPosition(anchor.getBoundingClientRect(), document.documentElement.clientWidth));
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor]);
  return position;
}
