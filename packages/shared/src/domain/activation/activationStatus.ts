/**
 * The answers of an activation (spec doc 1 §8 "Probe activation status", doc 2 §8 "Activation"):
 * 0 success, 2 the code does not match, 3 already activated, 22 a kit of the Gari service. Any other
 * status (and a failed call) shows the server error text.
 */
export const ACTIVATION_STATUSES = { ok: 0, codeNotCorrect: 2, alreadyActive: 3, gariOnly: 22 } as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[keyof typeof ACTIVATION_STATUSES];

export type ActivationOutcome = 'ok' | 'codeNotCorrect' | 'alreadyActive' | 'gariOnly' | 'serverError';

/** What the dialog shows for an answer's status; null (a failed call) is the server error. */
export function activationOutcome(status: number | null | undefined): ActivationOutcome {
  switch (status) {
    case 0:
      return 'ok';
    case 2:
      return 'codeNotCorrect';
    case 3:
      return 'alreadyActive';
    case 22:
      return 'gariOnly';
    default:
      return 'serverError';
  }
}
