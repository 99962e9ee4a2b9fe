import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AlertRecipient } from '@emberwatch/shared/contracts/storages';
import { RecipientHealthNote } from './RecipientHealthNote';

/** The people chosen per channel (user ids, in the order chosen). */
export interface RecipientSelection {
  sms: number[];
  email: number[];
  voice: number[];
}
type Channel = keyof RecipientSelection;

/**
 * The selection dialog of spec doc 3 §4 "Recipients are added or removed via a selection dialog and
 * chips. Cancelling the dialog reverts the selection": it edits a copy, and only OK hands it back.
 * SMS and voice can be ticked only for a complete phone, e-mail only for an entry with an address
 * (§5 "Phones and e-mails"); voice only when the account has voice calls (§6). Beside a person, each
 * channel on which their messages fail for good, since when and why (decision 0070).
 */
export function AlertRecipientsDialog({
  recipients,
  selection,
  voiceAllowed,
  dateFormat = 'd.M.yyyy',
  onCancel,
  onApply,
}: {
  recipients: readonly AlertRecipient[];
  selection: RecipientSelection;
  voiceAllowed: boolean;
  dateFormat?: string;
  onCancel: () => void;
  onApply: (selection: RecipientSelection) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(selection);
  const channels: Channel[] = voiceAllowed ? ['sms', 'email', 'voice'] : ['sms', 'email'];
  const toggle = (channel: Channel, uid: number, on: boolean) =>
    setDraft((d) => ({
      ...d,
      [channel]: on ? [...d[channel].filter((u) => u !== uid), uid] : d[channel].filter((u) => u !== uid),
    }));
  const usable = (r: AlertRecipient, channel: Channel) =>
    channel === 'email' ? r.email !== null : r.phoneComplete;

  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth>
      <DialogTitle>{t('alertMessaging.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('alertMessaging.person')}</TableCell>
              <TableCell>{t('alertMessaging.phone')}</TableCell>
              <TableCell>{t('alertMessaging.emailAddress')}</TableCell>
              {channels.map((c) => (
                <TableCell key={c} padding="checkbox">
                  {t(`alertMessaging.channels.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {recipients.map((r) => (
              <TableRow key={r.U_ID} data-testid={`recipient-${r.U_ID}`}>
                <TableCell>
                  {r.name}
                  {r.owner && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('alertMessaging.owner')}
                    </Typography>
                  )}
                  {r.health.map((h) => (
                    <RecipientHealthNote key={h.channel} health={h} name={r.name} dateFormat={dateFormat} />
                  ))}
                </TableCell>
                <TableCell>
                  {r.phone ?? t('alertMessaging.noPhone')}
                  {r.phone !== null && !r.phoneComplete && (
                    <Typography variant="caption" color="error" component="div">
                      {t('alertMessaging.phoneIncomplete')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{r.email ?? t('alertMessaging.noEmail')}</TableCell>
                {channels.map((c) => (
                  <TableCell key={c} padding="checkbox">
                    <Checkbox
                      checked={draft[c].includes(r.U_ID)}
                      disabled={!usable(r, c)}
                      onChange={(e) => toggle(c, r.U_ID, e.target.checked)}
                      slotProps={{
                        input: { 'aria-label': `${t(`alertMessaging.channels.${c}`)}: ${r.name}` },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('alertMessaging.cancel')}</Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          {t('alertMessaging.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
