import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Notification } from '@emberwatch/shared';
import { useUiPreferences } from '../sessions';
import { notificationText } from './notificationText';

/**
 * The notifications dialog (spec doc 1 §2 "Shell dialogs", doc 3 §2): each entry in words, coloured
 * by its importance and linking to its page (following a link closes the dialog); the entries new
 * since the last look are marked; an empty list says so. A link followed while a storage has unsaved
 * edits is stopped by the storage's guard, whose 10 s warning shows above the dialog (spec doc 3 §4).
 */
export function NotificationsDialog({
  notifications,
  newIds,
  onClose,
}: {
  notifications: readonly Notification[];
  newIds: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const context = { t, unit: prefs.degrees, dateFormat: prefs.date_format, timeFormat: prefs.time_format };
  return (
    <Dialog open onClose={onClose} aria-labelledby="notifications-title" fullWidth maxWidth="sm">
      <DialogTitle id="notifications-title">{t('notifications.title')}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 2 } }}>
        {notifications.length === 0 ? (
          <Typography color="text.secondary">{t('notifications.empty')}</Typography>
        ) : (
          <List disablePadding>
            {notifications.map((n) => {
              const words = notificationText(n, context);
              return (
                <ListItemButton
                  key={n.id}
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
                          <Chip
                            size="small"
                            color="secondary"
                            label={t('notifications.new')}
                            component="span"
                          />
                        )}
                      </Box>
                    }
                    secondary={words.text}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('notifications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
