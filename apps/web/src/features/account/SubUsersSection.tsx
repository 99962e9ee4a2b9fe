import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { AccountInfo, SubUser } from '@emberwatch/shared/contracts/account';
import { useDeleteSubUser } from './accountQueries';
import { useAccountSnackbar } from './AccountSnackbar';
import { SubUserDialog } from './SubUserDialog';

/**
 * The account's users (spec doc 2 §2.6 "sub-user editing", §5 "Add-user button shown only when users
 * count is at most subUserCount and the service permits"). The server decides `mayAddSubUser` by the
 * same rule (contracts/account.ts mayAddSubUser) and refuses a user over it.
 */
export function SubUsersSection({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  const notify = useAccountSnackbar();
  const remove = useDeleteSubUser(account);
  const [editing, setEditing] = useState<SubUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SubUser | null>(null);
  const full = account.subUsers.length >= account.subUserCount;

  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }} data-testid="account-sub-users">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('account.users.title')}
        </Typography>
        {account.mayAddSubUser && (
          <Button startIcon={<PersonAdd />} variant="outlined" onClick={() => setEditing('new')}>
            {t('account.users.add')}
          </Button>
        )}
      </Box>
      {account.subUsers.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('account.users.none')}
        </Typography>
      ) : (
        <List disablePadding>
          {account.subUsers.map((s) => (
            <ListItem
              key={s.U_ID}
              divider
              disableGutters
              data-testid={`sub-user-${s.U_ID}`}
              secondaryAction={
                account.mayEdit ? (
                  <>
                    <IconButton
                      aria-label={t('account.users.edit', { name: s.name })}
                      onClick={() => setEditing(s)}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={t('account.users.delete', { name: s.name })}
                      onClick={() => setDeleting(s)}
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </>
                ) : undefined
              }
              sx={{ pr: account.mayEdit ? 12 : 0 }}
            >
              <ListItemText
                primary={s.name}
                secondary={[s.mobilePhone, s.email].filter(Boolean).join(' · ')}
              />
              <Chip
                size="small"
                variant="outlined"
                color={s.loginEnabled ? 'primary' : 'default'}
                label={
                  s.loginEnabled
                    ? t('account.users.login', { username: s.username ?? '' })
                    : t('account.users.noLogin')
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {account.mayEdit && !account.mayAddSubUser && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }} data-testid="sub-users-limit">
          {full ? t('account.users.limit', { max: account.subUserCount }) : t('account.users.notEntitled')}
        </Typography>
      )}

      {editing && (
        <SubUserDialog
          account={account}
          subUser={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-user-text">
        <DialogContent>
          <DialogContentText id="delete-user-text">
            {t('account.users.deleteConfirm', { name: deleting?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('account.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              const who = deleting;
              if (!who) return;
              remove.mutate(who.U_ID, {
                onSuccess: () => notify(t('account.users.deleted', { name: who.name })),
                onError: () => notify(t('account.saveFailed'), 'error'),
                onSettled: () => setDeleting(null),
              });
            }}
          >
            {t('account.users.deleteButton')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
