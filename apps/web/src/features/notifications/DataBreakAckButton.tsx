import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queueWhenOffline } from '../../lib/createQueryClient';
import '../../ui/textButton.css';

/**
 * A data break's "Acknowledge" (issue 27 item 1, decision 0067): whoever sees to a silent station in the
 * app stops its SMS, e-mail and call reminders, as an SMS "OK" would; the all-clear still comes when
 * data returns. Says what it did: how many it acknowledged, or that nothing was being sent.
 */
export function DataBreakAckButton({ uid, bsId }: { uid: number | undefined; bsId: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const ack = useMutation({
    mutationFn: () => api.call(endpoints.delivery.acknowledgeDataBreak, { UID: uid, BS_ID: bsId }),
    // Idempotent (a second press acknowledges nothing): sent when the network returns (0140).
    ...queueWhenOffline(),
  });
  if (ack.data)
    return (
      <p className="ew-data-break-ack__done" role="status">
        {ack.data.acknowledged > 0
          ? t('notifications.acknowledged')
          : t('notifications.nothingToAcknowledge')}
      </p>
    );
  return (
    <button
      type="button"
      className="ew-text-button ew-text-button--small ew-data-break-ack"
      onClick={() => ack.mutate()}
      disabled={ack.isPending}
      data-testid={`acknowledge-data-break-${bsId}`}
    >
      {ack.isError ? t('notifications.acknowledgeFailed') : t('notifications.acknowledge')}
    </button>
  );
}
