import { PDF_LOCALES } from '../../pdf/pdfFonts.js';
import { PDF_MARGIN, startPdf } from '../../pdf/startPdf.js';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { dashedDate } from '@emberwatch/shared/domain/payments/paymentRules';
import type { OrderLine, StoredOrder } from './payments.service.js';

interface InvoiceWords {
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

/** The invoice's words in the eight languages. */
export const INVOICE_WORDS: Record<Language, InvoiceWords> = {
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    due: 'Due date',
    seller: 'Seller',
    billTo: 'Bill to',
    description: 'Description',
    amount: 'Amount',
    net: 'Total excluding VAT',
    vat: 'VAT',
    total: 'Total',
    terms: 'Payment within 14 days. Please quote the invoice number with your payment.',
    months: 'months',
    until: 'until',
    plan: 'Plan renewal',
    upgrade: 'Plan upgrade',
    sim: 'SIM data subscription',
    api: 'API plan',
    service: 'Insight service',
  },
  fi: {
    invoice: 'Lasku',
    number: 'Laskun numero',
    date: 'Päiväys',
    due: 'Eräpäivä',
    seller: 'Myyjä',
    billTo: 'Laskutettava',
    description: 'Kuvaus',
    amount: 'Summa',
    net: 'Yhteensä ilman ALV:tä',
    vat: 'ALV',
    total: 'Yhteensä',
    terms: 'Maksuaika 14 päivää. Käytäthän maksaessa laskun numeroa.',
    months: 'kuukautta',
    until: 'asti',
    plan: 'Tilauksen uusinta',
    upgrade: 'Tilauksen korotus',
    sim: 'SIM-datatilaus',
    api: 'API-tilaus',
    service: 'Insight-palvelu',
  },
  de: {
    invoice: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Datum',
    due: 'Fällig am',
    seller: 'Verkäufer',
    billTo: 'Rechnungsempfänger',
    description: 'Beschreibung',
    amount: 'Betrag',
    net: 'Summe ohne MwSt.',
    vat: 'MwSt.',
    total: 'Gesamt',
    terms: 'Zahlbar innerhalb von 14 Tagen. Bitte geben Sie bei der Zahlung die Rechnungsnummer an.',
    months: 'Monate',
    until: 'bis',
    plan: 'Verlängerung des Tarifs',
    upgrade: 'Tarif-Upgrade',
    sim: 'SIM-Datenabonnement',
    api: 'API-Tarif',
    service: 'Insight-Dienst',
  },
  fr: {
    invoice: 'Facture',
    number: 'Numéro de facture',
    date: 'Date',
    due: "Date d'échéance",
    seller: 'Vendeur',
    billTo: 'Facturé à',
    description: 'Description',
    amount: 'Montant',
    net: 'Total hors TVA',
    vat: 'TVA',
    total: 'Total',
    terms: 'Paiement sous 14 jours. Merci de rappeler le numéro de facture avec votre paiement.',
    months: 'mois',
    until: "jusqu'au",
    plan: "Renouvellement de l'abonnement",
    upgrade: "Mise à niveau de l'abonnement",
    sim: 'Abonnement de données SIM',
    api: 'Abonnement API',
    service: 'Service Insight',
  },
  es: {
    invoice: 'Factura',
    number: 'Número de factura',
    date: 'Fecha',
    due: 'Vencimiento',
    seller: 'Vendedor',
    billTo: 'Facturar a',
    description: 'Descripción',
    amount: 'Importe',
    net: 'Total sin IVA',
    vat: 'IVA',
    total: 'Total',
    terms: 'Pago en 14 días. Indique el número de factura en su pago.',
    months: 'meses',
    until: 'hasta',
    plan: 'Renovación del plan',
    upgrade: 'Mejora del plan',
    sim: 'Suscripción de datos SIM',
    api: 'Plan API',
    service: 'Servicio Insight',
  },
  it: {
    invoice: 'Fattura',
    number: 'Numero fattura',
    date: 'Data',
    due: 'Scadenza',
    seller: 'Venditore',
    billTo: 'Intestata a',
    description: 'Descrizione',
    amount: 'Importo',
    net: 'Totale IVA esclusa',
    vat: 'IVA',
    total: 'Totale',
    terms: 'Pagamento entro 14 giorni. Indicare il numero della fattura nel pagamento.',
    months: 'mesi',
    until: 'fino al',
    plan: 'Rinnovo del piano',
    upgrade: 'Upgrade del piano',
    sim: 'Abbonamento dati SIM',
    api: 'Piano API',
    service: 'Servizio Insight',
  },
  nl: {
    invoice: 'Factuur',
    number: 'Factuurnummer',
    date: 'Datum',
    due: 'Vervaldatum',
    seller: 'Verkoper',
    billTo: 'Factuur aan',
    description: 'Omschrijving',
    amount: 'Bedrag',
    net: 'Totaal exclusief btw',
    vat: 'Btw',
    total: 'Totaal',
    terms: 'Betaling binnen 14 dagen. Vermeld bij betaling het factuurnummer.',
    months: 'maanden',
    until: 'tot',
    plan: 'Verlenging van het abonnement',
    upgrade: 'Upgrade van het abonnement',
    sim: 'SIM-data-abonnement',
    api: 'API-abonnement',
    service: 'Insight-dienst',
  },
  hr: {
    invoice: 'Račun',
    number: 'Broj računa',
    date: 'Datum',
    due: 'Dospijeće',
    seller: 'Prodavatelj',
    billTo: 'Kupac',
    description: 'Opis',
    amount: 'Iznos',
    net: 'Ukupno bez PDV-a',
    vat: 'PDV',
    total: 'Ukupno',
    terms: 'Plaćanje u roku od 14 dana. Pri plaćanju navedite broj računa.',
    months: 'mjeseci',
    until: 'do',
    plan: 'Obnova paketa',
    upgrade: 'Nadogradnja paketa',
    sim: 'SIM pretplata na podatke',
    api: 'API paket',
    service: 'Usluga Insight',
  },
};

export interface InvoicePdfInput {
  invoiceNumber: string;
  createdTs: number;
  order: StoredOrder;
  billing: Record<string, string>;
  seller: string;
  language: Language;
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
  const w = INVOICE_WORDS[input.language];
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
