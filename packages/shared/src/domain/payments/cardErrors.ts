/**
 * Spec doc 1 §8: card payment errors are shown by their code (card_declined, expired_card,
 * incorrect_cvc, incorrect_number, incorrect_zip, insufficient_funds, processing_error,
 * api_connection_error, invalid expiry month and year, IBAN, BSB and bank account errors,
 * authentication failures, shipping address errors); doc 2 §8: "card errors show the localized
 * message by error code, else the provider message". The codes are the provider's (Stripe's `code`,
 * or its `decline_code` when that names the reason, such as insufficient_funds).
 */
export const CARD_ERROR_CODES = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'insufficient_funds',
  'processing_error',
  'api_connection_error',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_iban',
  'invalid_bsb_number',
  'invalid_bank_account',
  'payment_intent_authentication_failure',
  'authentication_required',
  'invalid_shipping_address',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

/** The code whose text the user is shown: the decline reason when it has one of its own. */
export function cardErrorCode(
  code: string | null | undefined,
  declineCode?: string | null,
): CardErrorCode | null {
  const known = (c: string | null | undefined): c is CardErrorCode =>
    !!c && (CARD_ERROR_CODES as readonly string[]).includes(c);
  if (known(declineCode)) return declineCode;
  return known(code) ? code : null;
}
