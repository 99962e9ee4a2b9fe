import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ActivatedKit } from '@emberwatch/shared/contracts/activation';
import { activationCodeProblem } from '@emberwatch/shared/domain/activation/activationCode';
import { activationOutcome } from '@emberwatch/shared/domain/activation/activationStatus';
import { ActivationCodeDialog, type ActivationMessage } from './ActivationCodeDialog';
import { activationErrorText } from './activationErrorKey';
import { useActivateKit, useReloadAfterProbes } from './activationQueries';

/**
 * The probe activation dialog (spec doc 1 §2): the code box, the sets activated so far with their
 * probe ids, Activate and Close. Status 0 adds the set and clears the box; 2 the code-not-matching
 * text; 3 "probe set already active"; anything else the server error text (§8). Close reloads the
 * station configuration when a set was activated (§4). The sets go to the station shown (the
 * selected one).
 */
export function ProbeActivationDialog({
  bsId,
  uid,
  initialCode = '',
  onClose,
}: {
  bsId: string;
  /** An admin activates for the station's owner, the customer it acts for. */
  uid?: number;
  initialCode?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [activated, setActivated] = useState<ActivatedKit[]>([]);
  const [message, setMessage] = useState<ActivationMessage | null>(null);
  const activate = useActivateKit();
  const reload = useReloadAfterProbes();

  const send = () => {
    if (activationCodeProblem(code) !== null || activate.isPending) return;
    setMessage(null);
    activate.mutate(
      { id: code.trim(), kind: 'probes', BS_ID: bsId, ...(uid !== undefined ? { UID: uid } : {}) },
      {
        onSuccess: (res) => {
          const outcome = activationOutcome(res.status_code);
          if (outcome === 'ok' && res.kit) {
            const kit = res.kit;
            setActivated((prev) => [...prev, kit]);
            setCode('');
          } else if (outcome === 'codeNotCorrect') setMessage({ key: 'activation.code_err' });
          else if (outcome === 'alreadyActive') setMessage({ key: 'activation.probe_set_already_active' });
          else setMessage({ key: 'activation.server_err' });
        },
        onError: (err) => setMessage(activationErrorText(err)),
      },
    );
  };

  const close = () => {
    if (activated.length > 0) void reload([...new Set(activated.map((k) => k.bs_id))]);
    onClose();
  };

  return (
    <ActivationCodeDialog
      titleId="probe-activation-title"
      title={t('activation.probeTitle')}
      explain={t('activation.probeExplain', { bsId })}
      code={code}
      onCodeChange={setCode}
      onSend={send}
      pending={activate.isPending}
      message={message}
      onClose={close}
    >
      {activated.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('activation.activatedSets')}
          </Typography>
          <List dense aria-label={t('activation.activatedSets')}>
            {activated.map((kit) => (
              <ListItem key={`${kit.set_id}-${kit.probes.join()}`} disableGutters>
                <ListItemText
                  primary={t('activation.setName', { setId: kit.set_id ?? '' })}
                  secondary={kit.probes.join(', ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </ActivationCodeDialog>
  );
}
