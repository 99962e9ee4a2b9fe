import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import Translate from '@mui/icons-material/Translate';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Check from '@mui/icons-material/Check';
import type { ReactNode } from 'react';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import type { MenuEntry } from '@emberwatch/shared/domain/roles';
import { LANGUAGE_NAMES } from '../i18n/languageNames';
import { APP_VERSION } from './appVersion';
import { ENTRY_PAGES } from './implementedRoutes';

/** The shell's own entries; each page's entry brings its icon (app/pages.ts). */
const ICONS: Partial<Record<MenuEntry, ReactNode>> = {
  language: <Translate />,
  logout: <Logout />,
};

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  /** Already filtered by role and by what this build implements. */
  entries: readonly MenuEntry[];
  onLogout: () => void;
  /** The user's language (ui_preferences.language). */
  language: Language;
  /** Switches and saves the language; false when the save was refused. */
  onLanguage: (lang: Language) => Promise<boolean>;
}

/**
 * The language entry: opens the list of languages, each named in its own words. Every user has it,
 * masters included, who see no settings page (docs/decisions/0010).
 */
function LanguageEntry({
  language,
  onLanguage,
}: {
  language: Language;
  onLanguage: (lang: Language) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <ListItemButton
        data-testid="menu-language"
        aria-expanded={expanded}
        aria-controls="menu-language-list"
        onClick={() => setExpanded((e) => !e)}
      >
        <ListItemIcon>{ICONS.language}</ListItemIcon>
        <ListItemText
          primary={t('menu.entries.language')}
          secondary={<span lang={language}>{LANGUAGE_NAMES[language]}</span>}
        />
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={expanded} unmountOnExit>
        <List id="menu-language-list" dense disablePadding aria-label={t('menu.entries.language')}>
          {LANGUAGES.map((lang) => (
            <ListItemButton
              key={lang}
              lang={lang}
              selected={lang === language}
              aria-current={lang === language ? 'true' : undefined}
              data-testid={`language-option-${lang}`}
              sx={{ pl: 9 }}
              onClick={() => {
                setFailed(false);
                void onLanguage(lang).then((ok) => setFailed(!ok));
              }}
            >
              <ListItemText primary={LANGUAGE_NAMES[lang]} />
              {lang === language && <Check fontSize="small" aria-hidden />}
            </ListItemButton>
          ))}
        </List>
        {failed && (
          <Typography role="alert" variant="body2" color="error" sx={{ px: 2, pb: 1 }}>
            {t('menu.languageFailed')}
          </Typography>
        )}
      </Collapse>
    </>
  );
}

export function SideMenu({ open, onClose, entries, onLogout, language, onLanguage }: SideMenuProps) {
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
            if (entry === 'language')
              return <LanguageEntry key={entry} language={language} onLanguage={onLanguage} />;
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
            const page = ENTRY_PAGES[entry];
            if (!page) return null;
            const { path, icon } = page;
            return (
              <ListItemButton
                key={entry}
                component={RouterLink}
                to={path}
                selected={pathname === path || pathname.startsWith(`${path}/`)}
                onClick={onClose}
                data-testid={`menu-${entry}`}
              >
                <ListItemIcon>{icon}</ListItemIcon>
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
