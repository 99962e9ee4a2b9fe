import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { BillingInfo } from '@emberwatch/shared/contracts/payments';
import { useApiClient } from '../../lib/ApiClientContext';
import { useUserInfo } from '../users';
import { isReceiptEmail, type CheckoutProps } from './checkoutForm';
import { OrderSummary } from './OrderSummary';

const FIELDS = ['name', 'email', 'company', 'address', 'zip', 'city', 'country'] as const;

/**
 * The supervisors' invoice order (spec doc 2 §5 "Renewal invoice: valid required email and accepted
 * terms before the button is enabled. Billing fields name, email, company, street, postal code, city,
 * country required"; §6 "renew by invoice with terms acceptance, not by card").
 */
export function InvoiceOrderForm({ uid, info, lines, onBusy, onDone, onCancel }: CheckoutProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const user = useUserInfo(uid).data;
  const [billing, setBilling] = useState<BillingInfo>(() => ({
    name: [user?.firstname].filter(Boolean).join(' '),
    email: user?.email ?? '',
    company: user?.lastname ?? '',
    address: '',
    zip: '',
    city: '',
    country: '',
  }));
  const [terms, setTerms] = useState(false);
  const [sending, setSending] = useState(false);
  const labels: Record<(typeof FIELDS)[number], string> = {
    name: t('payments.name'),
    email: t('payments.email'),
    company: t('payments.company'),
    address: t('payments.invoice.street'),
    zip: t('payments.invoice.zip'),
    city: t('payments.invoice.city'),
    country: t('payments.invoice.country'),
  };
  const emailOk = isReceiptEmail(billing.email);
  const complete = FIELDS.every((f) => billing[f].trim() !== '');
  const enabled = emailOk && terms && complete && !sending;

  const order = () => {
    setSending(true);
    onBusy(true);
    const plan = lines.find((l) => l.kind === 'plan');
    const sims = lines.filter((l) => l.kind === 'sim').map((l) => l.bsId!);
    api
      .call(endpoints.payments.invoiceRequest, {
        uid,
        customerName: billing.name,
        receiptEmail: billing.email,
        companyName: billing.company,
        billingInfo: billing,
        planRenewal: plan && info.renewal ? info.renewal : null,
        sims,
        bsIDs: sims,
        apiRenewal: lines.some((l) => l.kind === 'api'),
        taxRate: info.taxRate,
        termsAccepted: true,
      })
      .then(
        (r) =>
          onDone({ kind: 'invoice', number: r.invoiceNumber, email: billing.email, invoiceId: r.invoice_id }),
        (error: unknown) => onDone({ kind: 'error', error }),
      )
      .finally(() => {
        setSending(false);
        onBusy(false);
      });
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="subtitle1">{t('payments.invoice.title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('payments.invoice.intro')}
          </Typography>
          <OrderSummary lines={lines} taxRate={info.taxRate} currency={info.currency} />
          <Grid container spacing={2}>
            {FIELDS.map((f) => {
              const bad = f === 'email' && billing.email !== '' && !emailOk;
              return (
                <Grid key={f} size={{ xs: 12, sm: f === 'zip' ? 4 : f === 'city' ? 8 : 12 }}>
                  <TextField
                    fullWidth
                    required
                    label={labels[f]}
                    type={f === 'email' ? 'email' : 'text'}
                    value={billing[f]}
                    onChange={(e) => setBilling((b) => ({ ...b, [f]: e.target.value }))}
                    error={bad}
                    helperText={bad ? t('payments.invoice.invalidEmail') : undefined}
                    slotProps={{ htmlInput: { 'data-testid': `billing-${f}` } }}
                  />
                </Grid>
              );
            })}
          </Grid>
          <FormControlLabel
            control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} />}
            label={t('payments.invoice.terms')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('payments.cancel')}</Button>
        <Button variant="contained" disabled={!enabled} onClick={order} data-testid="order-invoice">
          {t('payments.invoice.order')}
        </Button>
      </DialogActions>
    </>
  );
}
