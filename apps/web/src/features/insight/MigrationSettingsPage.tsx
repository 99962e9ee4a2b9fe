import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { useShellContext } from '../../lib/shellContext';
import { useMigrationSettings, useSetMigrationOn } from './insightQueries';

/**
 * /admin/migration (spec doc 1 §7 "Migration": /setMigrationOn, /getMigrationCount; decision 0051):
 * staff open or close the migration to the separate app and name its URL, which the users' migration
 * screen (/testMigrationCall) sends them to; the count says how many accounts were handed a key.
 */
export function MigrationSettingsPage() {
  const { roleContext } = useShellContext();
  return <MigrationSettings mayChange={mayUseOperatorTool(roleContext, 'migrationSettings')} />;
}

function MigrationSettings({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const settings = useMigrationSettings();
  const save = useSetMigrationOn();
  const [draft, setDraft] = useState<{ on: boolean; url: string } | null>(null);
  if (settings.isError) return <Alert severity="error">{t('insight.migrationSettings.loadFailed')}</Alert>;
  if (!settings.data) return null;
  const form = draft ?? { on: settings.data.on, url: settings.data.url ?? '' };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = form.url.trim();
    save.mutate({ on: form.on, url: url === '' ? null : url }, { onSuccess: () => setDraft(null) });
  };
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2.5 }, maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('insight.migrationSettings.text')}
      </Typography>
      <Typography role="status" sx={{ fontWeight: 600, mb: 2 }} data-testid="migration-count">
        {t('insight.migrationSettings.count', { count: settings.data.count })}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <FormControlLabel
          control={
            <Switch
              checked={form.on}
              disabled={!mayChange || save.isPending}
              onChange={(e) => setDraft({ ...form, on: e.target.checked })}
            />
          }
          label={t('insight.migrationSettings.on')}
        />
        <TextField
          fullWidth
          sx={{ mt: 2 }}
          label={t('insight.migrationSettings.url')}
          helperText={t('insight.migrationSettings.urlHelp')}
          value={form.url}
          disabled={!mayChange || save.isPending}
          onChange={(e) => setDraft({ ...form, url: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
        {mayChange ? (
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 2 }}
            disabled={save.isPending || draft === null}
          >
            {t('insight.migrationSettings.save')}
          </Button>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('insight.migrationSettings.onlyOverseers')}
          </Alert>
        )}
        {save.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t('insight.migrationSettings.saveFailed')}
          </Alert>
        )}
        {save.isSuccess && draft === null && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('insight.migrationSettings.saved')}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
