import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { orderTotals } from '@emberwatch/shared/domain/payments/paymentRules';
import { useApiClient } from '../../lib/ApiClientContext';
import { useUserInfo } from '../users';
import { CardError, NOT_CONFIRMED } from './cardErrorText';
import { isReceiptEmail, type CheckoutProps } from './checkoutForm';
import { OrderSummary, useMoney } from './OrderSummary';
import { loadPaymentProvider, type Stripe, type StripeCardElement } from './paymentProvider';

/**
 * Card checkout (spec doc 2 §4 "Payment: idle, processing (waiting dialog), card action required
 * (extra authentication then re-confirm), success …, error"). The card is typed into Stripe's own
 * element and goes to Stripe; this app sends only the payment method's id and the order.
 */
export function CardCheckout({ uid, info, lines, onBusy, onDone, onCancel }: CheckoutProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const user = useUserInfo(uid);
  const money = useMoney(info.currency);
  const [chosen, setChosen] = useState(() => new Set(lines.map((l) => l.key)));
  // Until typed in, the fields show the account's name and e-mail.
  const [typedName, setName] = useState<string | null>(null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const name = typedName ?? [user.data?.firstname, user.data?.lastname].filter(Boolean).join(' ');
  const email = typedEmail ?? user.data?.email ?? '';
  const [cardComplete, setCardComplete] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const cardHost = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadPaymentProvider(info.id, info.stripeJs).then(
      (s) => {
        if (cancelled || !cardHost.current) return;
        stripe.current = s;
        const element = s.elements().create('card', { hidePostalCode: true });
        element.on('change', (e) => setCardComplete(e.complete));
        element.mount(cardHost.current);
        card.current = element;
      },
      () => !cancelled && setLoadError(true),
    );
    return () => {
      cancelled = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [info.id, info.stripeJs]);

  const selected = lines.filter((l) => chosen.has(l.key));
  const totals = orderTotals(selected, info.taxRate);
  const valid = selected.length > 0 && name.trim() !== '' && isReceiptEmail(email) && cardComplete;

  const pay = async () => {
    const s = stripe.current;
    if (!s || !card.current) return;
    const pm = await s.createPaymentMethod({
      type: 'card',
      card: card.current,
      billing_details: { name: name.trim(), email },
    });
    if (pm.error)
      throw new CardError(pm.error.code ?? null, pm.error.decline_code ?? null, pm.error.message ?? '');
    const plan = selected.find((l) => l.kind === 'plan');
    const { intent_id } = await api.call(endpoints.payments.charge, {
      stripeToken: pm.paymentMethod.id,
      customerName: name.trim(),
      receiptEmail: email,
      companyName: user.data?.lastname ?? '',
      uid,
      price: totals.cents,
      currency: info.currency,
      planRenewal: plan && info.renewal ? info.renewal : null,
      upgrade: selected.some((l) => l.kind === 'upgrade'),
      simRenewals: selected.filter((l) => l.kind === 'sim').map((l) => l.bsId!),
      serviceRenewal: selected.some((l) => l.kind === 'service'),
      apiRenewal: selected.some((l) => l.kind === 'api'),
    });
    const confirm = async (alreadyConfirmed: boolean) => {
      // Spec doc 2 §8: a confirmation that fails is "Error in payment, please try again later".
      const r = await api
        .call(endpoints.payments.confirmPayment, { intent_id, receiptEmail: email, uid, alreadyConfirmed })
        .catch(() => {
          throw new Error(NOT_CONFIRMED);
        });
      if (r.error) throw new CardError(r.error.code, r.error.decline_code, r.error.message);
      return r;
    };
    let r = await confirm(false);
    if (r.actionRequired && r.clientSecret) {
      // 3-D Secure: the bank's challenge, then the server confirms again.
      const action = await s.handleCardAction(r.clientSecret);
      if (action.error)
        throw new CardError(
          action.error.code ?? null,
          action.error.decline_code ?? null,
          action.error.message ?? '',
        );
      r = await confirm(true);
    }
    if (!r.paid) throw new Error(NOT_CONFIRMED);
  };

  const submit = () => {
    setProcessing(true);
    onBusy(true);
    pay().then(
      () => {
        onBusy(false);
        setProcessing(false);
        const upgrade = selected.find((l) => l.kind === 'upgrade');
        const last = selected[selected.length - 1]!;
        onDone(
          upgrade
            ? { kind: 'upgrade', plan: upgrade.planName ?? '', exp: upgrade.exp }
            : { kind: 'renewal', exp: (selected.find((l) => l.kind === 'plan') ?? last).exp },
        );
      },
      (err: unknown) => {
        onBusy(false);
        setProcessing(false);
        onDone({ kind: 'error', error: err });
      },
    );
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {lines.length > 1 && (
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('payments.chooseSims')}
              </Typography>
              {lines.map((l) => (
                <FormControlLabel
                  key={l.key}
                  label={l.bsId ?? l.key}
                  control={
                    <Checkbox
                      checked={chosen.has(l.key)}
                      onChange={(e) =>
                        setChosen((prev) => {
                          const next = new Set(prev);
                          if (e.target.checked) next.add(l.key);
                          else next.delete(l.key);
                          return next;
                        })
                      }
                    />
                  }
                />
              ))}
            </Box>
          )}
          <OrderSummary lines={selected} taxRate={info.taxRate} currency={info.currency} />
          <TextField
            label={t('payments.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            label={t('payments.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={email !== '' && !isReceiptEmail(email)}
            helperText={
              email !== '' && !isReceiptEmail(email) ? t('payments.invoice.invalidEmail') : undefined
            }
            required
          />
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {t('payments.card')}
            </Typography>
            <Box
              ref={cardHost}
              data-testid="card-element"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.25 }}
            />
          </Box>
          {info.stripeJs && <Alert severity="info">{t('payments.testMode')}</Alert>}
          {loadError && <Alert severity="error">{t('payments.errors.generic')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('payments.cancel')}</Button>
        <Button variant="contained" disabled={!valid || processing} onClick={submit} data-testid="pay">
          {t('payments.pay', { amount: money(totals.total) })}
        </Button>
      </DialogActions>
      <Dialog open={processing} aria-labelledby="payment-processing" disableEnforceFocus>
        <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={28} />
          <Typography id="payment-processing">{t('payments.processing')}</Typography>
        </DialogContent>
      </Dialog>
    </>
  );
}
