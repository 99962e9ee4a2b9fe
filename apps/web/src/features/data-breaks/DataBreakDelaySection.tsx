import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { useShellContext } from '../../lib/shellContext';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { DataBreakDelaySelect } from './DataBreakDelaySelect';
import { useDataBreakAccount, useDataBreakSettings, useSaveDataBreakSettings } from './dataBreakQueries';
import { delayText } from './delayText';

/**
 * "Data breaks" in the settings (issue 27 item 2, decision 0071): how long the account's stations and
 * probes may send nothing before it is a data break. Saved as soon as it is chosen, like the other
 * preferences. Those who may not change it (a sub-user, a read-only master) see it, disabled, with
 * who may. Storages override it in their details.
 */
export function DataBreakDelaySection() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const uid = useDataBreakAccount();
  const settings = useDataBreakSettings();
  const save = useSaveDataBreakSettings();
  const mayEdit = mayChange(roleContext, 'editDataBreaks');
  // Without a station there is no account's data to break.
  if (uid === undefined) return null;
  const data = settings.data;
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
      data-testid="settings-data-breaks"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {t('dataBreaks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dataBreaks.text')}
      </Typography>
      {settings.error ? (
        <LoadErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <DataBreakDelaySelect
            id="settings-data-break-delay"
            value={data.delayS}
            defaultLabel={t('dataBreaks.default', { delay: delayText(t, data.defaultS) })}
            disabled={!mayEdit || save.isPending}
            helperText={mayEdit ? t('dataBreaks.fitsInterval') : t('dataBreaks.ownerOnly')}
            onChange={(delayS) => save.mutate({ delayS })}
          />
          {save.isError && <Alert severity="error">{t('dataBreaks.saveFailed')}</Alert>}
          {save.isSuccess && <span role="status">{t('dataBreaks.saved')}</span>}
        </Stack>
      )}
    </Paper>
  );
}
