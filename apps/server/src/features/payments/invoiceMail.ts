import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import type { ServerTexts } from '../translations/index.js';
import { invoiceLineText, invoiceWordsFor } from './invoicePdf.js';
import type { OrderLine } from './payments.service.js';

interface InvoiceMailWords {
  subject: string;
  thanks: string;
  totals: string;
  pdf: string;
}

/**
 * The e-mail an invoice order sends to its receipt address, in the account's language (English for
 * one we do not have): serverInvoices.mail, with each line as the PDF names it (decision 0107).
 */
export function invoiceMailText(
  texts: ServerTexts,
  language: string,
  m: {
    invoiceNumber: string;
    lines: OrderLine[];
    currency: string;
    totals: { net: number; taxRate: number; tax: number; total: number };
    link: string;
  },
): { subject: string; text: string } {
  const w = invoiceWordsFor(texts, language);
  const mail = texts.group<InvoiceMailWords>(language, 'serverInvoices.mail');
  const symbol = m.currency === 'dol' ? '$' : '€';
  const money = (v: number) => `${v.toFixed(2)} ${symbol}`;
  const totals = fillPlaceholders(mail.totals, {
    net: money(m.totals.net),
    rate: m.totals.taxRate,
    tax: money(m.totals.tax),
    total: money(m.totals.total),
  });
  return {
    subject: fillPlaceholders(mail.subject, { number: m.invoiceNumber }),
    text:
      `${mail.thanks}\n\n${w.invoice} ${m.invoiceNumber}\n` +
      m.lines.map((l) => `- ${invoiceLineText(l, w)}: ${money(l.price)}`).join('\n') +
      `\n${totals}\n\n${fillPlaceholders(mail.pdf, { link: m.link })}\n`,
  };
}
