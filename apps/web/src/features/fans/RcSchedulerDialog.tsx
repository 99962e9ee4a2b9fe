import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { RcSchedulerResponse } from '@emberwatch/shared/contracts/fans';
import { schedulerIsUseless } from '@emberwatch/shared/contracts/monitors';
import { FanSchedulerFields, type FanSchedule } from './FanSchedulerFields';
import { useRcScheduler, useSaveRcScheduler } from './rcQueries';

/**
 * The RC scheduler (issue 13; decision 0037 addendum): an RC unit's hours per weekday that hold its
 * channels driven by a monitor (or, reversed, the only hours they may run), with the fan rules' save
 * rule. Save only after an edit.
 */
export function RcSchedulerDialog({
  fcId,
  uid,
  mayEdit,
  onClose,
}: {
  fcId: string;
  uid: number | undefined;
  mayEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const loaded = useRcScheduler(fcId, uid);
  return (
    <Dialog open onClose={onClose} aria-labelledby="rc-scheduler-title" fullWidth maxWidth="sm">
      <DialogTitle id="rc-scheduler-title">{t('fans.rc.schedulerTitle', { id: fcId })}</DialogTitle>
      {loaded.data ? (
        <SchedulerForm loaded={loaded.data} uid={uid} mayEdit={mayEdit} onClose={onClose} />
      ) : (
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {loaded.isError ? t('fans.loadFailed') : t('fans.loading')}
          </Typography>
        </DialogContent>
      )}
    </Dialog>
  );
}

function SchedulerForm({
  loaded,
  uid,
  mayEdit,
  onClose,
}: {
  loaded: RcSchedulerResponse;
  uid: number | undefined;
  mayEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const initial = loaded.scheduler;
  const [value, setValue] = useState<FanSchedule>(initial);
  const save = useSaveRcScheduler(uid);
  const useless = schedulerIsUseless(value);
  const edited = JSON.stringify(value) !== JSON.stringify(initial);
  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('fans.rc.schedulerHelp')}
        </Typography>
        <fieldset disabled={!mayEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <FanSchedulerFields
            value={value}
            error={useless ? t('monitors.fanRule.errors.scheduler') : undefined}
            onChange={(patch) => setValue((v) => ({ ...v, ...patch }))}
          />
        </fieldset>
        {save.isError && (
          <Alert severity="error">{t('fans.rc.saveFailed', { reason: save.error.message })}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('fans.rc.cancel')}</Button>
        {mayEdit && (
          <Button
            variant="contained"
            disabled={!edited || useless || save.isPending}
            onClick={() => save.mutate({ fcId: loaded.FC_ID, scheduler: value }, { onSuccess: onClose })}
          >
            {t('fans.rc.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
