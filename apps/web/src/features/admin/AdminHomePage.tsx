import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { useShellContext } from '../../lib/shellContext';
import { Redirect } from '../../lib/Redirect';

/**
 * /admin (spec doc 1 §2 "/admin: admins only; others redirected to /"): the admin console's home,
 * a list of the admin pages this build has, each declared by its feature in the page list
 * (`adminTool`), so a new admin page shows here without touching this one. Everyone else is sent
 * to "/"; a logged-out visitor never gets here (the auth gate sends them to log in first).
 */
export function AdminHomePage() {
  const { t } = useTranslation();
  const { roleContext, adminTools } = useShellContext();
  if (!roleContext.admin) return <Redirect to="/" />;
  const staff = { admin: roleContext.admin, adminGroup: roleContext.adminGroup };
  // A tool of some staff levels only (the audit trail) is listed to those levels.
  const tools = adminTools.filter(
    (tool) => !tool.operatorTool || mayUseOperatorTool(staff, tool.operatorTool),
  );
  return (
    <Stack spacing={2} data-testid="admin-home">
      <Typography variant="body2" color="text.secondary">
        {t('admin.intro')}
      </Typography>
      <Paper variant="outlined">
        <List aria-label={t('admin.pages')} disablePadding>
          {/* Each link in its own item: a list holds only items (WCAG 1.3.1, decision 0138). */}
          {tools.map((tool) => (
            <ListItem key={tool.path} disablePadding>
              <ListItemButton component={RouterLink} to={tool.path} divider data-testid="admin-tool">
                <ListItemText primary={t(tool.titleKey)} secondary={t(tool.descriptionKey)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
