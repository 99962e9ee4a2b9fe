import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activationCodeProblem } from '@emberwatch/shared/domain/activation/activationCode';
import { activationOutcome } from '@emberwatch/shared/domain/activation/activationStatus';
import { ActivationCodeDialog, type ActivationMessage } from './ActivationCodeDialog';
import { activationErrorText } from './activationErrorKey';
import { useActivateKit, useReloadAfterStation } from './activationQueries';

/**
 * Add a base station by its activation code (spec doc 2 §2.6, §7 "Add BS by activation code (id, uid),
 * then refresh user info"). Status 0 reloads the user info and the station list and closes with the
 * new station's id; 2, 22 and 3 have their texts, anything else the server error text (§8). An admin
 * adds it to the customer it acts for (`uid`).
 */
export function AddBaseStationDialog({
  uid,
  initialCode = '',
  onClose,
  onActivated,
}: {
  uid?: number;
  initialCode?: string;
  onClose: () => void;
  onActivated?: (bsId: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [message, setMessage] = useState<ActivationMessage | null>(null);
  const activate = useActivateKit();
  const reload = useReloadAfterStation();

  const send = () => {
    if (activationCodeProblem(code) !== null || activate.isPending) return;
    setMessage(null);
    activate.mutate(
      { id: code.trim(), kind: 'system', ...(uid !== undefined ? { UID: uid } : {}) },
      {
        onSuccess: (res) => {
          switch (activationOutcome(res.status_code)) {
            case 'ok':
              void reload().then(() => {
                onActivated?.(res.kit?.bs_id ?? '');
                onClose();
              });
              return;
            case 'codeNotCorrect':
              return setMessage({ key: 'activation.code_err' });
            case 'gariOnly':
              return setMessage({ key: 'activation.gari_only' });
            case 'alreadyActive':
              return setMessage({ key: 'activation.system_already_active' });
            default:
              return setMessage({ key: 'activation.server_err' });
          }
        },
        onError: (err) => setMessage(activationErrorText(err)),
      },
    );
  };

  return (
    <ActivationCodeDialog
      titleId="add-bs-title"
      title={t('activation.addBsTitle')}
      explain={t('activation.addBsExplain')}
      code={code}
      onCodeChange={setCode}
      onSend={send}
      pending={activate.isPending}
      message={message}
      onClose={onClose}
    />
  );
}
