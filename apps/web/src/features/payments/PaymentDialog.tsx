import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PayRefusal } from '@emberwatch/shared/domain/payments/payRefusal';
import type { TranslationKey } from '../../i18n/translationKey';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { CardCheckout } from './CardCheckout';
import { InvoiceOrderForm } from './InvoiceOrderForm';
import { dialogSubject, offeredLines, type DialogSubject } from './orderLines';
import { paymentRouteOf, type PaymentRoute } from './paymentRoute';
import { PaymentResult, type PaymentOutcome } from './PaymentResult';
import { useInvoiceDownload, useUpgradeInfo } from './paymentsQueries';
import { usePayRefusal } from './usePayRefusal';

const TITLE_KEYS = {
  checkout: 'payments.title.checkout',
  serviceRenewal: 'payments.title.renewal',
  planRenewal: 'payments.title.planRenewal',
  upgrade: 'payments.title.upgrade',
  pending: 'payments.title.pending',
} as const satisfies Record<DialogSubject, TranslationKey>;

const REFUSED_KEYS = {
  subUser: 'payments.refused.subUser',
  master: 'payments.refused.master',
  otherAccount: 'payments.refused.otherAccount',
} as const satisfies Record<PayRefusal, TranslationKey>;

/**
 * The checkout and renewal dialogs over the account's Services tab (spec doc 2 §2.8): they close back
 * to /account/services, and a success leads to /. Renders nothing on other paths.
 */
export function PaymentRouteDialog({ uid }: { uid: number }) {
  const { pathname, search } = useLocation();
  const route = paymentRouteOf(pathname, search);
  // The invoice e-mail links to /account/services?invoice={id}: the PDF is downloaded from there.
  const invoiceId = Number(new URLSearchParams(search).get('invoice'));
  const invoice = !route && Number.isInteger(invoiceId) && invoiceId > 0;
  const refusal = usePayRefusal();
  // A farm hand or an advisor following a renewal or invoice link is told why there is nothing to pay.
  if ((route || invoice) && refusal) return <RefusedDialog refusal={refusal} />;
  if (invoice) return <InvoiceDialog uid={uid} invoiceId={invoiceId} />;
  if (!route) return null;
  return <PaymentDialog key={`${pathname}${search}`} uid={uid} route={route} />;
}

function RefusedDialog({ refusal }: { refusal: PayRefusal }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = () => void navigate('/account/services');
  return (
    <Dialog open onClose={close} aria-labelledby="payment-refused-title">
      <DialogTitle id="payment-refused-title">{t('payments.result.unavailableTitle')}</DialogTitle>
      <SimpleContent onClose={close} closeLabel={t('payments.close')}>
        <Alert severity="info" data-testid="payment-refused">
          {t(REFUSED_KEYS[refusal])}
        </Alert>
      </SimpleContent>
    </Dialog>
  );
}

function InvoiceDialog({ uid, invoiceId }: { uid: number; invoiceId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const download = useInvoiceDownload(uid);
  const [failed, setFailed] = useState(false);
  const close = () => void navigate('/account/services');
  return (
    <Dialog open onClose={close} aria-labelledby="invoice-title">
      <DialogTitle id="invoice-title">{t('payments.invoice.title')}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">{t('payments.errors.generic')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('payments.close')}</Button>
        <Button
          variant="contained"
          data-testid="invoice-download"
          onClick={() => download(invoiceId).catch(() => setFailed(true))}
        >
          {t('payments.downloadInvoice')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PaymentDialog({ uid, route }: { uid: number; route: PaymentRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const info = useUpgradeInfo(uid);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) void navigate('/account/services');
  };
  const title = t(TITLE_KEYS[dialogSubject(route, info.data)]);

  let body: ReactNode;
  if (outcome) {
    body = (
      <PaymentResult
        outcome={outcome}
        uid={uid}
        onDone={() => void navigate(outcome.kind === 'error' ? '/account/services' : '/')}
      />
    );
  } else if (info.error) {
    body = (
      <DialogContent>
        <LoadErrorAlert error={info.error} onRetry={() => void info.refetch()} />
      </DialogContent>
    );
  } else if (!info.data) {
    body = (
      <DialogContent>
        <LoadingIndicator label={t('common.loading')} />
      </DialogContent>
    );
  } else {
    const lines = offeredLines(info.data, route);
    if (info.data.mode === 'support')
      body = (
        <SimpleContent onClose={close} closeLabel={t('payments.close')}>
          <Alert severity="info" data-testid="payment-support">
            {t('payments.support')}
          </Alert>
        </SimpleContent>
      );
    else if (lines.length === 0)
      body = <PaymentResult outcome={{ kind: 'unavailable' }} uid={uid} onDone={close} />;
    else if (info.data.mode === 'invoice')
      body = (
        <InvoiceOrderForm
          uid={uid}
          info={info.data}
          lines={lines}
          onBusy={setBusy}
          onDone={setOutcome}
          onCancel={close}
        />
      );
    else
      body = (
        <CardCheckout
          uid={uid}
          info={info.data}
          lines={lines}
          onBusy={setBusy}
          onDone={setOutcome}
          onCancel={close}
        />
      );
  }

  return (
    <Dialog
      open
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="payment-title"
      // The bank's 3-D Secure challenge opens in a frame of its own over the dialog.
      disableEnforceFocus
    >
      <DialogTitle id="payment-title">{title}</DialogTitle>
      {body}
    </Dialog>
  );
}

function SimpleContent(props: { children: ReactNode; onClose: () => void; closeLabel: string }) {
  return (
    <>
      <DialogContent>
        <Typography component="div">{props.children}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{props.closeLabel}</Button>
      </DialogActions>
    </>
  );
}
