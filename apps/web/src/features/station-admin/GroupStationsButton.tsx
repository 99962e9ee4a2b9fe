import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Workspaces from '@mui/icons-material/Workspaces';
import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { useGroupStations } from './stationAdminQueries';

/**
 * Group BS (spec doc 1 §7 groupBSs; decision 0094): the account's stations shown as one tab. The
 * dialog lists the account's other stations, those grouped with this one ticked; saving with none
 * ticked takes this station out of its group.
 */
export function GroupStationsButton({
  bs,
  others,
}: {
  bs: BasestationSummary;
  others: BasestationSummary[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const group = useGroupStations();
  const start = () => {
    setTicked(
      new Set(others.filter((s) => bs.bsGroup !== null && s.bsGroup === bs.bsGroup).map((s) => s.bs_id)),
    );
    group.reset();
    setOpen(true);
  };
  const toggle = (id: string) =>
    setTicked((cur) => {
      const next = new Set(cur);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <Button variant="outlined" startIcon={<Workspaces />} onClick={start} data-testid="group-bs">
        {t('stationAdmin.group.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="group-bs-title">
          <DialogTitle id="group-bs-title">{t('stationAdmin.group.title', { bsId: bs.bs_id })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('stationAdmin.group.explain')}</DialogContentText>
            <FormGroup>
              {others.map((s) => (
                <FormControlLabel
                  key={s.bs_id}
                  control={
                    <Checkbox
                      checked={ticked.has(s.bs_id)}
                      onChange={() => toggle(s.bs_id)}
                      slotProps={{ input: { 'data-testid': `group-bs-${s.bs_id}` } as object }}
                    />
                  }
                  label={s.display_name ? `${s.display_name} (${s.bs_id})` : s.bs_id}
                />
              ))}
            </FormGroup>
            {group.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('stationAdmin.group.failed')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('stationAdmin.cancel')}</Button>
            <Button
              variant="contained"
              disabled={group.isPending}
              onClick={() => group.mutate([bs.bs_id, ...ticked], { onSuccess: () => setOpen(false) })}
              data-testid="group-bs-send"
            >
              {t('stationAdmin.group.save')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
