import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffMember } from '@emberwatch/shared/contracts/staff';
import { STAFF_LEVEL_NAMES, staffLevelOf, type StaffLevel } from '@emberwatch/shared/domain/operatorTools';
import { STAFF_LEVELS } from '@emberwatch/shared/domain/roles';
import { staffChangeRefusal, type StaffChange } from '@emberwatch/shared/domain/staff/staffRules';
import { useRemoveStaff, useSetStaffLevel } from './staffQueries';
import { refusalText } from '../../lib/refusalText';

export interface Me {
  id: number;
  level: StaffLevel;
}

/** The staff list: each member's level (a select) and removal, as the rules allow the viewer. */
export function StaffTable({
  members,
  me,
  onDone,
}: {
  members: StaffMember[];
  me: Me;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const setLevel = useSetStaffLevel();
  const remove = useRemoveStaff();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const rootCount = members.filter((m) => m.admin_group === STAFF_LEVELS.root).length;
  const refusalOf = (m: StaffMember, change: StaffChange) =>
    staffChangeRefusal({
      actor: me,
      target: { id: m.UID, level: staffLevelOf(m.admin_group) },
      change,
      rootCount,
    });
  const failure = setLevel.error ?? remove.error;

  return (
    <>
      {failure && (
        <Alert severity="error" data-testid="staff-error">
          {refusalText(failure)}
        </Alert>
      )}
      {/* On a phone the table scrolls sideways inside the page, not the page with it. */}
      <TableContainer>
        <Table size="small" aria-label={t('staff.table.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('staff.table.username')}</TableCell>
              <TableCell>{t('staff.table.name')}</TableCell>
              <TableCell>{t('staff.table.level')}</TableCell>
              <TableCell>{t('staff.table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((m) => {
              const current = staffLevelOf(m.admin_group);
              const removeRefusal = refusalOf(m, { kind: 'remove' });
              const options = STAFF_LEVEL_NAMES.map((level) => ({
                level,
                refusal: level === current ? null : refusalOf(m, { kind: 'set', to: level }),
              }));
              const changeable = options.some((o) => o.level !== current && o.refusal === null);
              const reason = changeable
                ? removeRefusal
                : (options.find((o) => o.refusal)?.refusal ?? removeRefusal);
              return (
                <TableRow key={m.UID} data-testid={`staff-row-${m.username}`}>
                  <TableCell>
                    {m.username}
                    {m.UID === me.id && (
                      <Typography component="span" variant="caption" sx={{ ml: 1 }}>
                        {t('staff.table.you')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{m.name ?? '—'}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={current}
                      disabled={!changeable || setLevel.isPending}
                      slotProps={{
                        htmlInput: { 'aria-label': t('staff.table.levelOf', { user: m.username }) },
                      }}
                      onChange={(e) => {
                        const to = e.target.value as StaffLevel;
                        setLevel.mutate(
                          { UID: m.UID, admin_group: STAFF_LEVELS[to] },
                          {
                            onSuccess: () =>
                              onDone(
                                t('staff.done.level', { user: m.username, level: t(`staff.levels.${to}`) }),
                              ),
                          },
                        );
                      }}
                    >
                      {options.map((o) => (
                        <MenuItem key={o.level} value={o.level} disabled={o.refusal !== null}>
                          {t(`staff.levels.${o.level}`)}
                          {o.refusal && o.level !== current ? ` — ${t(`staff.refusals.${o.refusal}`)}` : ''}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      color="error"
                      disabled={removeRefusal !== null || remove.isPending}
                      onClick={() => setRemoving(m)}
                      aria-label={t('staff.table.removeUser', { user: m.username })}
                    >
                      {t('staff.table.remove')}
                    </Button>
                    {reason && (
                      <Typography
                        variant="caption"
                        display="block"
                        color="text.secondary"
                        data-testid="staff-reason"
                      >
                        {t(`staff.refusals.${reason}`)}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>{t('staff.remove.title')}</DialogTitle>
        <DialogContent>{removing && t('staff.remove.text', { user: removing.username })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('staff.remove.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              const m = removing!;
              setRemoving(null);
              remove.mutate(m.UID, {
                onSuccess: () => onDone(t('staff.done.removed', { user: m.username })),
              });
            }}
          >
            {t('staff.remove.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
