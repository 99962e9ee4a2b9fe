import type { TFunction } from 'i18next';
import { cardErrorCode } from '@emberwatch/shared/domain/payments/cardErrors';

/** The message of an error whose payment was not confirmed (spec doc 2 §8's confirmation failure). */
export const NOT_CONFIRMED = 'not confirmed';

/** A card error from the provider or our confirmation: its code, and the provider's own words. */
export class CardError extends Error {
  constructor(
    readonly code: string | null,
    readonly declineCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** Spec doc 2 §8 "card errors show the localized message by error code, else the provider message". */
export function cardErrorText(t: TFunction, err: CardError): string {
  const code = cardErrorCode(err.code, err.declineCode);
  return code ? t(`payments.cardErrors.${code}`) : err.message;
}
