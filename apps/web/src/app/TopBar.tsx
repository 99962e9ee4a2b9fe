import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import { BaseStationSelector, BaseStationTabs, useSelectedStation } from '../features/base-stations';
import { DemoOverlay, DemoSelector } from '../features/demo';
import { AccountBadges } from '../features/gari-migration';
import { useScreenQuery } from '../lib/useScreenQuery';

/**
 * Spec doc 1 §2 "Top bar": logo, page title, badges (account migrated, account blocked), demo selector, base-station selector, menu button, and the tab strip
 * when there are several stations. On a phone the selector gets its own row and stands in for the tabs.
 */
export function TopBar({
  title,
  onOpenMenu,
  menuOpen,
  actions,
  tabs: showTabs = true,
}: {
  title: string;
  /** The tab strip (spec doc 1 §6: not for a master, who picks a farm with the selector or the site index). */
  tabs?: boolean;
  onOpenMenu: () => void;
  menuOpen: boolean;
  /** The features' buttons before the menu (requests, notifications, news), each with its count. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { stations, tabs } = useSelectedStation();
  // What a phone does not show is not drawn at all (rather than drawn and hidden by CSS): the tab
  // strip measures itself, which costs a forced layout, and every control costs drawing time at
  // start (decision 0146).
  const phone = useScreenQuery(useTheme().breakpoints.down('sm'));
  return (
    <AppBar position="sticky" elevation={1} sx={{ bgcolor: 'primary.dark' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LocalFireDepartment sx={{ color: 'secondary.main' }} aria-hidden />
          <Typography component="span" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Typography
          variant="h6"
          component="h1"
          noWrap
          sx={{ flex: 1, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        >
          {title}
        </Typography>
        <AccountBadges />
        <DemoSelector placement="toolbar" />
        {!phone && <BaseStationSelector />}
        {actions}
        <IconButton
          color="inherit"
          edge="end"
          onClick={onOpenMenu}
          aria-label={t('menu.open')}
          aria-haspopup="true"
          aria-expanded={menuOpen}
          data-testid="menu-button"
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <DemoOverlay />
      <DemoSelector placement="row" />
      {phone && stations.length > 1 && (
        <Box sx={{ px: 2, pb: 1 }}>
          <BaseStationSelector phone />
        </Box>
      )}
      {!phone && showTabs && tabs.length > 1 && (
        <Box sx={{ px: 1 }}>
          <BaseStationTabs />
        </Box>
      )}
    </AppBar>
  );
}
