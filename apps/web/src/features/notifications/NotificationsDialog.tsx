import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Notification } from '@emberwatch/shared/contracts/notifications';
import { useUiPreferences } from '../sessions';
import { DataBreakAckButton } from './DataBreakAckButton';
import { notificationText } from './notificationText';
import { panelPosition, type PanelPosition } from './panelPosition';
import './NotificationsDialog.css';

/**
 * The notifications dialog (spec doc 1 §2 "Shell dialogs", doc 3 §2): each entry in words, coloured
 * by its importance and linking to its page (following a link closes the dialog); the entries new
 * since the last look are marked; an empty list says so. A link followed while a storage has unsaved
 * edits is stopped by the storage's guard, whose 10 s warning shows above the dialog (spec doc 3 §4).
 *
 * Non-modal, under the bell (decision 0047): it opens by itself, and a modal would take the page from
 * the user (and hide it from assistive technology) at a moment they did not choose. A click elsewhere
 * or Escape closes it.
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
        <Paper
          role="dialog"
          aria-labelledby="notifications-title"
          elevation={8}
          sx={{ maxHeight: '70vh', display: 'flex', flexDirection: 'column' }}
        >
          <Typography id="notifications-title" variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
            {t('notifications.title')}
          </Typography>
          <Divider />
          <Box sx={{ overflowY: 'auto', px: 1, py: 1 }}>
            {notifications.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: 1 }}>
                {t('notifications.empty')}
              </Typography>
            ) : (
              <List disablePadding>
                {notifications.map((n) => {
                  const words = notificationText(n, context);
                  const dataBreak = (n.type === 'noBSData' || n.type === 'noProbeData') && n.bs;
                  return (
                    // A list item: a <ul> holds only <li> (screen readers count the entries).
                    <Box component="li" key={n.id}>
                      <ListItemButton
                        component={RouterLink}
                        to={n.url}
                        onClick={onClose}
                        data-testid={`notification-${n.id}`}
                        sx={{ borderLeft: 4, borderColor: n.color, mb: 0.5, alignItems: 'flex-start' }}
                      >
                        <ListItemText
                          primary={
                            <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                              <span>{words.title}</span>
                              {newIds.has(n.id) && (
                                <span className="ew-new-mark">{t('notifications.new')}</span>
                              )}
                            </Box>
                          }
                          secondary={words.text}
                        />
                      </ListItemButton>
                      {dataBreak && <DataBreakAckButton uid={uid} bsId={n.bs!} />}
                    </Box>
                  );
                })}
              </List>
            )}
          </Box>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
            <Button onClick={onClose}>{t('notifications.close')}</Button>
          </Box>
        </Paper>
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
