import type { UpgradeInfo } from '@emberwatch/shared/contracts/payments';
import type { OfferedLine } from './orderLines';
import type { PaymentOutcome } from './PaymentResult';

/** What the payment dialog hands a way to pay (a card, an invoice) and hears back. */
export interface CheckoutProps {
  uid: number;
  info: UpgradeInfo;
  lines: OfferedLine[];
  onBusy: (busy: boolean) => void;
  onDone: (outcome: PaymentOutcome) => void;
  onCancel: () => void;
}

/**
 * Whether a receipt address looks deliverable before it is sent (one @, a dot in the domain, no
 * spaces); the server's schema has the last word.
 */
export const isReceiptEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
