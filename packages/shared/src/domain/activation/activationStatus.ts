/**
 * The answers of an activation (spec doc 1 §8 "Probe activation status", doc 2 §8 "Activation"):
 * 0 success, 2 the code does not match, 3 already activated, 22 a kit of the Gari service. Any other
 * status (and a failed call) shows the server error text.
 */
export const ACTIVATION_STATUSES = { ok: 0, codeNotCorrect: 2, alreadyActive: 3, gariOnly: 22 } as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[keyof typeof ACTIVATION_STATUSES];

/**
 * A refused activation is a non-2xx answer like every refusal of the API (docs/API.md), its spec
 * status in the error envelope's status_code: no such code 404, already activated 409, a Gari kit
 * 403. The web words each by its status_code (activationOutcome).
 */
export const ACTIVATION_REFUSALS = {
  2: { httpStatus: 404, message: 'The provided code is not correct. Please verify the code.' },
  3: { httpStatus: 409, message: 'This kit is already activated.' },
  22: {
    httpStatus: 403,
    message: 'System with this activation code must be activated under Gari service.',
  },
} as const satisfies Record<Exclude<ActivationStatus, 0>, { httpStatus: number; message: string }>;

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
