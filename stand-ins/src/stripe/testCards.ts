/**
 * What the fake does with each of Stripe's documented test cards
 * (https://docs.stripe.com/testing): declines with Stripe's code and decline code, or asks for 3-D
 * Secure. Any other number that passes the Luhn check is paid.
 */
export type CardOutcome =
  | { kind: 'success' }
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  | { kind: 'authenticate' };

export const TEST_CARDS: Record<string, CardOutcome> = {
  '4000000000000002': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'lost_card',
    message: 'Your card was declined.',
  },
  '4000000000000069': {
    kind: 'decline',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    kind: 'decline',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  // 3-D Secure: required for the payment (3155 "requires authentication", 3220 "3DS2 required",
  // 3184 "always authenticate").
  '4000002500003155': { kind: 'authenticate' },
  '4000000000003220': { kind: 'authenticate' },
  '4000002760003184': { kind: 'authenticate' },
};

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS[number] ?? { kind: 'success' };
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}
