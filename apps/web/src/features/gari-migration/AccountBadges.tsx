import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useSessionInfo } from '../sessions';
import { useUserInfo } from '../users';
import { useGariMigrationState } from './gariMigrationQueries';

/**
 * Spec doc 1 §5 "Top bar: … badges (account migrated, account blocked)". The user info's
 * `migrationCompleted` is read as the Gari migration (decision 0102: the account was moved in from the
 * older Gari system; the Insight migration only hands a key to another app and never completes here),
 * served by this feature's own call; `blocked` is the users feature's. A staff member sees them when
 * the info is a customer's (acting for one).
 */
export function AccountBadges() {
  const { t } = useTranslation();
  const uid = useSessionInfo().data?.UID;
  const user = useUserInfo(uid).data;
  const state = useGariMigrationState(uid).data;
  const migrated = state?.migrationCompleted === true;
  const blocked = user?.blocked === true;
  if (!migrated && !blocked) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', md: 'flex' } }}>
      {migrated && (
        <Chip
          size="small"
          color="info"
          label={t('gariMigration.badges.migrated')}
          title={t('gariMigration.badges.migratedHint')}
          data-testid="badge-migrated"
        />
      )}
      {blocked && (
        <Chip
          size="small"
          color="error"
          label={t('gariMigration.badges.blocked')}
          data-testid="badge-blocked"
        />
      )}
    </Stack>
  );
}
