import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { ApiRequestError } from '../../lib/ApiRequestError';
import { CardError, cardErrorText, NOT_CONFIRMED } from './cardErrorText';
import { accountDateOf } from './orderLines';
import { useInvoiceDownload, useReloadAfterPayment } from './paymentsQueries';

/** Spec doc 2 §4 result screens: upgrade success, renewal success, invoice success, renewal unavailable; and the error. */
export type PaymentOutcome =
  | { kind: 'upgrade'; plan: string; exp: string }
  | { kind: 'renewal'; exp: string }
  | { kind: 'invoice'; number: string; email: string; invoiceId: number }
  | { kind: 'unavailable' }
  | { kind: 'error'; error: unknown };

export function PaymentResult(props: { outcome: PaymentOutcome; uid: number; onDone: () => void }) {
  const { t } = useTranslation();
  const reload = useReloadAfterPayment();
  const { outcome } = props;
  const paid = outcome.kind === 'upgrade' || outcome.kind === 'renewal';
  const [reloadFailed, setReloadFailed] = useState(false);

  useEffect(() => {
    // Spec doc 2 §4: after success the user info and the base station configuration are reloaded.
    if (paid) reload().catch(() => setReloadFailed(true));
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const download = useInvoiceDownload(props.uid);

  let content;
  switch (outcome.kind) {
    case 'upgrade':
      content = (
        <Alert severity="success" data-testid="payment-result-upgrade">
          <AlertTitle>{t('payments.result.upgradeTitle')}</AlertTitle>
          {t('payments.result.upgradeText', { plan: outcome.plan, date: accountDateOf(outcome.exp) })}
        </Alert>
      );
      break;
    case 'renewal':
      content = (
        <Alert severity="success" data-testid="payment-result-renewal">
          <AlertTitle>{t('payments.result.renewalTitle')}</AlertTitle>
          {t('payments.result.renewalText', { date: accountDateOf(outcome.exp) })}
        </Alert>
      );
      break;
    case 'invoice':
      content = (
        <Alert
          severity="success"
          data-testid="payment-result-invoice"
          action={
            <Button color="inherit" size="small" onClick={() => void download(outcome.invoiceId)}>
              {t('payments.downloadInvoice')}
            </Button>
          }
        >
          <AlertTitle>{t('payments.result.invoiceTitle')}</AlertTitle>
          {t('payments.result.invoiceText', { number: outcome.number, email: outcome.email })}
        </Alert>
      );
      break;
    case 'unavailable':
      content = (
        <Alert severity="info" data-testid="payment-result-unavailable">
          <AlertTitle>{t('payments.result.unavailableTitle')}</AlertTitle>
          {t('payments.result.unavailableText')}
        </Alert>
      );
      break;
    case 'error':
      content = (
        <Alert severity="error" data-testid="payment-result-error">
          <AlertTitle>{t('payments.result.errorTitle')}</AlertTitle>
          {errorText(t, outcome.error)}
        </Alert>
      );
      break;
  }
  return (
    <>
      <DialogContent>
        {content}
        {reloadFailed && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('payments.errors.reload')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onDone} data-testid="payment-done">
          {t(outcome.kind === 'error' || outcome.kind === 'unavailable' ? 'payments.close' : 'payments.ok')}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Spec doc 2 §8: a card error by its code (else the provider's words); a confirmation that did not
 * pay 'Error in payment, please try again later'; anything else 'An error occurred while processing
 * your order.' (with the server's reason when it gave one).
 */
function errorText(t: Parameters<typeof cardErrorText>[0], err: unknown): string {
  if (err instanceof CardError) return cardErrorText(t, err);
  if (err instanceof ApiRequestError && err.httpStatus === 400 && err.serverMessage)
    return `${t('payments.errors.generic')} ${err.serverMessage}`;
  if (err instanceof Error && err.message === NOT_CONFIRMED) return t('payments.errors.confirm');
  return t('payments.errors.generic');
}
