import { PDF_LOCALES } from '../../pdf/pdfFonts.js';
import { PDF_MARGIN, startPdf } from '../../pdf/startPdf.js';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { dashedDate } from '@emberwatch/shared/domain/payments/paymentRules';
import type { ServerTexts } from '../translations/index.js';
import type { OrderLine, StoredOrder } from './payments.service.js';

export interface InvoiceWords {
  invoice: string;
  number: string;
  date: string;
  due: string;
  seller: string;
  billTo: string;
  description: string;
  amount: string;
  net: string;
  vat: string;
  total: string;
  terms: string;
  months: string;
  until: string;
  plan: string;
  upgrade: string;
  sim: string;
  api: string;
  service: string;
}

/**
 * The invoice's words in a language (English for one we do not have) from the server texts: one key
 * each of serverInvoices in the locale files, which translators edit (decision 0107).
 */
export function invoiceWordsFor(texts: ServerTexts, language: string): InvoiceWords {
  return texts.group<InvoiceWords>(language, 'serverInvoices');
}

export interface InvoicePdfInput {
  invoiceNumber: string;
  createdTs: number;
  order: StoredOrder;
  billing: Record<string, string>;
  seller: string;
  language: Language;
  /** The server texts it is worded with, as translators last saved them (decision 0107). */
  texts: ServerTexts;
}

const DUE_DAYS = 14;

export function invoiceLineText(l: OrderLine, w: InvoiceWords): string {
  const what = { plan: w.plan, upgrade: w.upgrade, sim: w.sim, api: w.api, service: w.service }[l.name];
  const detail = l.name === 'sim' ? ` ${l.bsId ?? ''}` : l.planName ? ` (${l.planName})` : '';
  const until = l.exp ? `, ${w.until} ${dashedDate(l.exp) ?? l.exp}` : '';
  return `${what}${detail}, ${l.months} ${w.months}${until}`;
}

/** The invoice as a PDF (A4) with its VAT, in the buyer's language. */
export function writeInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const w = invoiceWordsFor(input.texts, input.language);
  const locale = PDF_LOCALES[input.language];
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: input.order.currency === 'dol' ? 'USD' : 'EUR',
  });
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' });
  const { doc, done, width, field } = startPdf({ Title: `${w.invoice} ${input.invoiceNumber}` });
  const amountX = PDF_MARGIN + width - 120;

  doc.font('bold').fontSize(22).text(`${w.invoice}`, PDF_MARGIN, PDF_MARGIN);
  doc.moveDown(0.5).font('body').fontSize(10);
  field(w.number, input.invoiceNumber);
  field(w.date, day.format(new Date(input.createdTs * 1000)));
  field(w.due, day.format(new Date((input.createdTs + DUE_DAYS * 86_400) * 1000)));
  doc.moveDown();
  field(w.seller, input.seller);
  doc.moveDown();
  doc.font('bold').text(w.billTo);
  const b = input.billing;
  doc.font('body');
  for (const line of [
    b.company,
    b.name,
    b.address,
    [b.zip, b.city].filter(Boolean).join(' '),
    b.country,
    b.email,
  ])
    if (line) doc.text(line);
  doc.moveDown(1.5);

  const row = (left: string, right: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body').fontSize(10);
    doc.text(left, PDF_MARGIN, y, { width: width - 130 });
    const after = doc.y;
    doc.text(right, amountX, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row(w.description, w.amount, true);
  doc
    .moveTo(PDF_MARGIN, doc.y)
    .lineTo(PDF_MARGIN + width, doc.y)
    .stroke();
  doc.y += 6;
  for (const l of input.order.lines) row(invoiceLineText(l, w), money.format(l.price));
  doc
    .moveTo(PDF_MARGIN, doc.y)
    .lineTo(PDF_MARGIN + width, doc.y)
    .stroke();
  doc.y += 6;
  row(w.net, money.format(input.order.net));
  row(`${w.vat} ${input.order.taxRate} %`, money.format(input.order.tax));
  row(w.total, money.format(input.order.total), true);
  doc.moveDown(2).font('body').fontSize(9).text(w.terms, PDF_MARGIN, doc.y, { width });
  doc.end();
  return done;
}
