import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Sensors from '@mui/icons-material/Sensors';
import HelpOutline from '@mui/icons-material/HelpOutline';
import SettingsIcon from '@mui/icons-material/Settings';
import Logout from '@mui/icons-material/Logout';
import type { ReactNode } from 'react';
import type { MenuEntry } from '@emberwatch/shared';
import { APP_VERSION } from './appVersion';
import { ENTRY_PATHS } from './implementedRoutes';

const ICONS: Partial<Record<MenuEntry, ReactNode>> = {
  probes: <Sensors />,
  settings: <SettingsIcon />,
  instructions: <HelpOutline />,
  logout: <Logout />,
};

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  /** Already filtered by role and by what this build implements. */
  entries: readonly MenuEntry[];
  onLogout: () => void;
}

export function SideMenu({ open, onClose, entries, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box
        component="nav"
        aria-label={t('menu.title')}
        sx={{ width: 260, display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <Typography variant="overline" sx={{ px: 2, pt: 2 }}>
          {t('menu.title')}
        </Typography>
        <List>
          {entries.map((entry) => {
            const label = t(`menu.entries.${entry}`);
            if (entry === 'logout') {
              return (
                <ListItemButton
                  key={entry}
                  data-testid="menu-logout"
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                >
                  <ListItemIcon>{ICONS[entry]}</ListItemIcon>
                  <ListItemText primary={label} />
                </ListItemButton>
              );
            }
            const path = ENTRY_PATHS[entry];
            if (!path) return null;
            return (
              <ListItemButton
                key={entry}
                component={RouterLink}
                to={path}
                selected={pathname === path || pathname.startsWith(`${path}/`)}
                onClick={onClose}
                data-testid={`menu-${entry}`}
              >
                <ListItemIcon>{ICONS[entry]}</ListItemIcon>
                <ListItemText primary={label} />
              </ListItemButton>
            );
          })}
        </List>
        <Divider sx={{ mt: 'auto' }} />
        <Typography variant="caption" color="text.secondary" sx={{ p: 2 }} data-testid="app-version">
          {t('menu.version', { version: APP_VERSION })}
        </Typography>
      </Box>
    </Drawer>
  );
}
