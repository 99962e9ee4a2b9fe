/**
 * The public API's stable error codes (decision 0111): each refusal of an /api/v1 or /api/v2 call
 * carries one as `code` beside the usual envelope ({status_code, error}); integrators branch on the
 * code, never on the text, which may be reworded or translated. Codes are only ever added.
 */
export const PUBLIC_API_ERRORS = {
  key_missing: { http: 401, meaning: 'No X-API-Key header.' },
  key_invalid: { http: 401, meaning: 'Not a key of this server (unknown, malformed or a wrong secret).' },
  key_revoked: { http: 401, meaning: 'The key was revoked on the account page.' },
  api_plan_missing: { http: 402, meaning: 'The account has no API plan.' },
  api_plan_expired: { http: 402, meaning: 'The account’s API plan is past its due date: renew it.' },
  scope_required: { http: 403, meaning: 'A read-only key on a v2 call: it needs the activate scope.' },
  forbidden: { http: 403, meaning: 'Not the key’s account’s (or no such) station or probe.' },
  invalid_input: { http: 400, meaning: 'A parameter is missing or wrong; `path` names it.' },
  not_found: { http: 404, meaning: 'The thing named does not exist (or is not the account’s).' },
  code_not_matching: { http: 404, meaning: 'No kit of this kind has this activation code.' },
  already_active: { http: 409, meaning: 'The kit (or station) is activated already.' },
  partner_kit: { http: 403, meaning: 'A kit of another service, activated only there.' },
  conflict: { http: 409, meaning: 'The change is refused as things stand (the text says why).' },
  rate_limited: { http: 429, meaning: 'Too many calls with this key: wait Retry-After seconds.' },
  internal: { http: 500, meaning: 'The server failed; try again later.' },
} as const;

export type PublicApiErrorCode = keyof typeof PUBLIC_API_ERRORS;
export const PUBLIC_API_ERROR_CODES = Object.keys(PUBLIC_API_ERRORS) as PublicApiErrorCode[];

/**
 * The code for a refusal that did not name one (a shared service's ApiError): by the API's
 * status_code first (the activation refusals of ACTIVATION_REFUSALS), else by the HTTP status.
 */
export function publicErrorCodeOf(httpStatus: number, statusCode: number): PublicApiErrorCode {
  if (statusCode === 2) return 'code_not_matching';
  if (statusCode === 3) return 'already_active';
  if (statusCode === 22) return 'partner_kit';
  switch (httpStatus) {
    case 400:
    case 413:
    case 415:
      return 'invalid_input';
    case 401:
      return 'key_invalid';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    default:
      return httpStatus >= 500 ? 'internal' : 'invalid_input';
  }
}
