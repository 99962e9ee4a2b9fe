import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { staffLevelOf } from '@emberwatch/shared/domain/operatorTools';
import { useSessionInfo } from '../sessions';
import { AddStaffForm } from './AddStaffForm';
import { StaffTable } from './StaffTable';
import { useStaffList } from './staffQueries';
import { refusalText } from '../../lib/refusalText';
import './locale';

/**
 * /admin/staff (issue 31 item 2, decision 0099): the staff with their levels; Root and Admin change a
 * level, add and remove members as the shared rules allow (a control the rules refuse is disabled
 * with the reason), and a refusal of the server is shown as it says. Staff only.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const session = useSessionInfo().data;
  const list = useStaffList();
  const [notice, setNotice] = useState<string | null>(null);
  const me = session ? { id: session.UID, level: staffLevelOf(session.admin_group) } : null;
  return (
    <Stack spacing={2} data-testid="staff-page">
      <Typography variant="body2" color="text.secondary">
        {t('staff.page.rules')}
      </Typography>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} data-testid="staff-notice">
          {notice}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{refusalText(list.error)}</Alert>}
      {list.data && me && <StaffTable members={list.data} me={me} onDone={setNotice} />}
      {list.data && me && <AddStaffForm me={me} onDone={setNotice} />}
    </Stack>
  );
}
