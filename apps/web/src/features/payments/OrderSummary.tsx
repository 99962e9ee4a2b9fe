import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { orderTotals, type Currency } from '@emberwatch/shared/domain/payments/paymentRules';
import { accountDateOf, type OfferedLine } from './orderLines';

/** Money as the reader's language writes it, in dollars or euros (spec doc 2 §3 Order currency). */
export function useMoney(currency: Currency) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: currency === 'dol' ? 'USD' : 'EUR',
    // Spec doc 2 §3: "dol shows $, otherwise euro" — $, not US$.
    currencyDisplay: 'narrowSymbol',
  });
  return (amount: number) => format.format(amount);
}

/** The order's lines, the VAT and the total (spec doc 2 §9 "VAT as taxRate percent, shown with total"). */
export function OrderSummary(props: { lines: OfferedLine[]; taxRate: number; currency: Currency }) {
  const { t } = useTranslation();
  const money = useMoney(props.currency);
  const totals = orderTotals(props.lines, props.taxRate);
  const lineText = (l: OfferedLine) => {
    const date = accountDateOf(l.exp);
    switch (l.kind) {
      case 'plan':
        return t('payments.lines.plan', { plan: l.planName, months: l.months, date });
      case 'upgrade':
        return t('payments.lines.upgrade', { plan: l.planName, months: l.months, date });
      case 'sim':
        return t('payments.lines.sim', { station: l.bsId, months: l.months, date });
      case 'service':
        return t('payments.lines.service', { months: l.months, date });
      case 'api':
        return t('payments.lines.api', { months: l.months, date });
    }
  };
  return (
    <Table size="small" data-testid="order-summary">
      <TableBody>
        {props.lines.map((l) => (
          <TableRow key={l.key}>
            <TableCell>{lineText(l)}</TableCell>
            <TableCell align="right">{money(l.price)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell>{t('payments.net')}</TableCell>
          <TableCell align="right">{money(totals.net)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell>{t('payments.vat', { rate: props.taxRate })}</TableCell>
          <TableCell align="right">{money(totals.tax)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>{t('payments.total')}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="order-total">
            {money(totals.total)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
