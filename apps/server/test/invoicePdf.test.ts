import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import { describe, expect, it } from 'vitest';
import { INVOICE_WORDS, invoiceLineText, writeInvoicePdf } from '../src/features/payments/invoicePdf.js';
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
  it('has every word in the eight languages', () => {
    const keys = Object.keys(INVOICE_WORDS.en).sort();
    for (const l of LANGUAGES) expect(Object.keys(INVOICE_WORDS[l]).sort(), l).toEqual(keys);
  });

  it('names each line with its period and the new expiry as a dashed date (spec doc 1 §7)', () => {
    expect(invoiceLineText(order.lines[0]!, INVOICE_WORDS.en)).toBe(
      'Plan renewal (Supervisor), 12 months, until 2027-11-26',
    );
    expect(invoiceLineText(order.lines[1]!, INVOICE_WORDS.hr)).toBe(
      'SIM pretplata na podatke F1000003, 12 mjeseci, do 2027-12-01',
    );
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
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
  });
});
