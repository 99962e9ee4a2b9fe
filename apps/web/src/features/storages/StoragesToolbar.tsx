import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/Edit';
import Palette from '@mui/icons-material/Palette';
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { maySeeSiteToggle, mayEditSite, monitorsToggleEnabled } from '@emberwatch/shared/domain/sitePlan';

export type StoragesView = 'site' | 'storages' | 'monitors';

/** The site view's controls: colours on or off, and Edit site / Save / Close for those who may. */
export interface SiteToolbarControls {
  showColors: boolean;
  onToggleColors: () => void;
  editing: boolean;
  dirty: boolean;
  saving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onClose: () => void;
  /** A view toggle pressed while the site has unsaved changes: the view stays, the user is told. */
  onBlockedNavigation: () => void;
}

/**
 * The storage toolbar (spec doc 3 §2 "Storage list"): the Site, Storages and Monitors toggles with
 * their rules, and in the site view the colour toggle and Edit site / Save / Close. The Monitors
 * toggle leads to the monitor list; for a master who is not grand master it is disabled.
 */
export function StoragesToolbar({
  view,
  roleContext,
  site,
}: {
  view: StoragesView;
  roleContext: RoleContext;
  site?: SiteToolbarControls;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteToggle = maySeeSiteToggle(roleContext);
  const monitorsEnabled = monitorsToggleEnabled(roleContext);
  const mayEdit = mayEditSite(roleContext);

  return (
    <Box
      role="toolbar"
      aria-label={t('sitePlan.toolbar.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={t('sitePlan.toolbar.view')}
        onChange={(_, next: StoragesView | null) => {
          if (next !== null && next !== view && site?.dirty) return site.onBlockedNavigation();
          if (next === 'site') void navigate('/storages/site');
          if (next === 'storages') void navigate('/storages');
          if (next === 'monitors') void navigate('/storages/monitors');
        }}
      >
        {siteToggle && <ToggleButton value="site">{t('sitePlan.toolbar.site')}</ToggleButton>}
        <ToggleButton value="storages">{t('sitePlan.toolbar.storages')}</ToggleButton>
        {monitorsEnabled ? (
          <ToggleButton value="monitors">{t('sitePlan.toolbar.monitors')}</ToggleButton>
        ) : (
          // A disabled button fires no events: the tooltip sits on a wrapper.
          <Tooltip title={t('sitePlan.toolbar.monitorsNotForMasters')}>
            <span>
              <ToggleButton
                value="monitors"
                disabled
                size="small"
                aria-label={t('sitePlan.toolbar.monitors')}
              >
                {t('sitePlan.toolbar.monitors')}
              </ToggleButton>
            </span>
          </Tooltip>
        )}
      </ToggleButtonGroup>
      {site && (
        <>
          <ToggleButton
            value="colors"
            size="small"
            selected={site.showColors}
            onChange={site.onToggleColors}
            aria-label={t('sitePlan.toolbar.colors')}
          >
            <Palette fontSize="small" sx={{ mr: 0.5 }} />
            {t('sitePlan.toolbar.colors')}
          </ToggleButton>
          <Box sx={{ flexGrow: 1 }} />
          {mayEdit && !site.editing && (
            <Button variant="outlined" size="small" startIcon={<Edit />} onClick={site.onEdit}>
              {t('sitePlan.toolbar.editSite')}
            </Button>
          )}
          {site.editing && (
            <>
              <Button
                variant="contained"
                size="small"
                startIcon={<Save />}
                onClick={site.onSave}
                disabled={!site.dirty || site.saving}
              >
                {t('sitePlan.toolbar.save')}
              </Button>
              <Button variant="outlined" size="small" startIcon={<Close />} onClick={site.onClose}>
                {t('sitePlan.toolbar.close')}
              </Button>
            </>
          )}
        </>
      )}
    </Box>
  );
}
