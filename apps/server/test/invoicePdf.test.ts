import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import { describe, expect, it } from 'vitest';
import { invoiceMailText } from '../src/features/payments/invoiceMail.js';
import { invoiceLineText, invoiceWordsFor, writeInvoicePdf } from '../src/features/payments/invoicePdf.js';
import { bundledServerTexts } from '../src/features/translations/index.js';
import type { StoredOrder } from '../src/features/payments/payments.service.js';

const order: StoredOrder = {
  lines: [
    { name: 'plan', months: 12, price: 499, planName: 'Supervisor', level: 4, exp: '20271126' },
    { name: 'sim', months: 12, price: 49, bsId: 'F1000003', exp: '20271201' },
  ],
  taxRate: 25,
  currency: 'eur',
  net: 548,
  tax: 137,
  total: 685,
  description: '',
};

/** The supervisors' invoice (spec doc 2 §5, §6; decision 0056): a PDF with VAT in the buyer's language. */
describe('the invoice PDF', () => {
  const texts = bundledServerTexts();
  it('names each line with its period and the new expiry as a dashed date (spec doc 1 §7)', () => {
    expect(invoiceLineText(order.lines[0]!, invoiceWordsFor(texts, 'en'))).toBe(
      'Plan renewal (Supervisor), 12 months, until 2027-11-26',
    );
    expect(invoiceLineText(order.lines[1]!, invoiceWordsFor(texts, 'hr'))).toBe(
      'SIM pretplata na podatke F1000003, 12 mjeseci, do 2027-12-01',
    );
  });

  it("is e-mailed in the account's language, each line as the PDF names it (decision 0107)", () => {
    const facts = {
      invoiceNumber: 'EW-2026-000001',
      lines: order.lines,
      currency: 'eur',
      totals: order,
      link: 'https://ew.example/account/services?invoice=1',
    };
    expect(invoiceMailText(texts, 'en', facts)).toEqual({
      subject: 'Emberwatch invoice EW-2026-000001',
      text:
        'Thank you for your order.\n\nInvoice EW-2026-000001\n' +
        '- Plan renewal (Supervisor), 12 months, until 2027-11-26: 499.00 €\n' +
        '- SIM data subscription F1000003, 12 months, until 2027-12-01: 49.00 €\n' +
        'Net 548.00 €, VAT 25 % 137.00 €, total 685.00 €.\n\n' +
        'The invoice (PDF) is in your account: https://ew.example/account/services?invoice=1\n',
    });
    const fi = invoiceMailText(texts, 'fi', facts);
    expect(fi.subject).toBe('Emberwatch-lasku EW-2026-000001');
    expect(fi.text).toContain('Lasku EW-2026-000001');
    expect(fi.text).toContain('ALV 25 % 137.00 €');
    expect(invoiceMailText(texts, 'sv', facts)).toEqual(invoiceMailText(texts, 'en', facts));
  });

  it.each(LANGUAGES.map((l) => [l]))('is written in %s', async (language) => {
    const pdf = await writeInvoicePdf({
      invoiceNumber: 'EW-2026-000001',
      createdTs: 1_795_000_000,
      order,
      billing: {
        name: 'Ana Horvat',
        company: 'Kompost d.o.o.',
        address: 'Žitnjak 1',
        zip: '10000',
        city: 'Zagreb',
        country: 'Hrvatska',
        email: 'a@example.com',
      },
      seller: 'Emberwatch Ltd',
      language,
      texts,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
  });
});
