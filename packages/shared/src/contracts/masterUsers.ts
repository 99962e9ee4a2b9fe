import { z } from 'zod';
import {
  countrySchema,
  isValidEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
  phoneSchema,
  SMS_CODE_LENGTH,
  usernameSchema,
} from './account.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { LANGUAGES } from './preferences.js';
import { statusOkSchema } from './statusOk.js';
import { REGISTRATION_STATES } from '../domain/masterUsers/masterRegistration.js';

/**
 * Master users (advisors) on their own (spec doc 1 §2 "/master: entry pages for the master users",
 * §7 Users: registerMasterUser, activateMasterPhone, confirmMasterMobile, finalizeMasterUser,
 * saveMasterUser, removeMasterUser; doc 2 §6 "a separate account page", §8 phone confirmation, §9
 * limits; decision 0104).
 *
 * The registration's four calls are public: the advisor has no login yet. The first answers a
 * `registration` secret that names the registration in the three others (never a user id, which
 * could be guessed); only finalisation makes a user of it, so an unfinished one cannot log in.
 */

const trimmed = (max: number) => z.string().trim().max(max);
const emailSchema = trimmed(254).refine(isValidEmail, 'invalid_email');
/** The registration's secret, as registerMasterUser answered it (43 base64url characters). */
const registrationSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Not a registration')
  .describe('The secret registerMasterUser answered.');
const registrationStateSchema = z.enum(REGISTRATION_STATES);

/** POST /client/registerMasterUser: username, name, e-mail, password and phone (spec doc 1 §7). */
export const registerMasterUserRequestSchema = z.strictObject({
  username: usernameSchema,
  name: trimmed(100).min(1, 'The name is required'),
  /** The advisor's company or organisation (stored where a farm keeps its company: lastname). */
  company: trimmed(100)
    .transform((s) => (s === '' ? null : s))
    .optional(),
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN, 'pwd_too_short').max(PASSWORD_MAX),
  phone: phoneSchema,
  language: z.enum(LANGUAGES).default('en'),
  country: countrySchema.optional(),
});
export type RegisterMasterUserRequest = z.input<typeof registerMasterUserRequestSchema>;
export type RegisterMasterUserInput = z.output<typeof registerMasterUserRequestSchema>;

export const registrationStatusSchema = z.object({
  status_code: z.literal(0),
  registration: registrationSchema,
  state: registrationStateSchema,
  /** The number the code goes (or went) to, as stored. */
  phone: z.string(),
  /** When the registration is forgotten unless finalised (epoch s). */
  expiresTs: z.int(),
});
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

/** POST /client/activateMasterPhone: a 4-digit code to the phone; the same call sends it again. */
export const activateMasterPhoneRequestSchema = z.strictObject({
  registration: registrationSchema,
  /** A corrected number, when the first one was mistyped; the code goes there. */
  phone: phoneSchema.optional(),
});
export type ActivateMasterPhoneRequest = z.input<typeof activateMasterPhoneRequestSchema>;
export const activateMasterPhoneResponseSchema = registrationStatusSchema.extend({
  /** A code had been sent to this number before: the page says "SMS Code has been sent again". */
  resent: z.boolean(),
});
export type ActivateMasterPhoneResponse = z.infer<typeof activateMasterPhoneResponseSchema>;

/** POST /client/confirmMasterMobile: the code (status 2 wrong, 13 confirmed already; spec doc 2 §8). */
export const confirmMasterMobileRequestSchema = z.strictObject({
  registration: registrationSchema,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'You have to fill 4 numbers'),
});
export type ConfirmMasterMobileRequest = z.input<typeof confirmMasterMobileRequestSchema>;

/** POST /client/finalizeMasterUser: the registration becomes a master user, who then logs in. */
export const finalizeMasterUserRequestSchema = z.strictObject({ registration: registrationSchema });
export const finalizeMasterUserResponseSchema = z.object({
  status_code: z.literal(0),
  username: z.string(),
});
export type FinalizeMasterUserResponse = z.infer<typeof finalizeMasterUserResponseSchema>;

/** POST /client/saveMasterUser: the master's own details (the phone stays the one its code confirmed). */
export const saveMasterUserRequestSchema = z
  .strictObject({
    firstname: trimmed(100).min(1, 'The name is required').optional(),
    lastname: trimmed(100)
      .transform((s) => (s === '' ? null : s))
      .optional(),
    email: emailSchema.optional(),
    country: countrySchema.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type SaveMasterUserRequest = z.input<typeof saveMasterUserRequestSchema>;
export type SaveMasterUserInput = z.output<typeof saveMasterUserRequestSchema>;

/** POST /client/removeMasterUser: the master's own account, with its password. */
export const removeMasterUserRequestSchema = z.strictObject({
  password: z.string().min(1, 'The password is required').max(PASSWORD_MAX),
});
export type RemoveMasterUserRequest = z.infer<typeof removeMasterUserRequestSchema>;

/** POST /client/stopWatchingAccount: the master ends its authorisation (or request) for one farm. */
export const stopWatchingAccountRequestSchema = z.strictObject({
  UID: z.int().positive().describe('The farm (masterUserInfo.accounts[].UID).'),
});
export type StopWatchingAccountRequest = z.infer<typeof stopWatchingAccountRequestSchema>;

export const masterUsersEndpoints = defineEndpoints({
  registerMasterUser: defineEndpoint({
    method: 'POST',
    path: '/client/registerMasterUser',
    body: registerMasterUserRequestSchema,
    response: registrationStatusSchema,
    auth: 'public',
    summary: 'Starts an advisor’s master-user registration; answers the secret naming it.',
  }),
  activateMasterPhone: defineEndpoint({
    method: 'POST',
    path: '/client/activateMasterPhone',
    body: activateMasterPhoneRequestSchema,
    response: activateMasterPhoneResponseSchema,
    auth: 'public',
    summary: 'Sends (again) the 4-digit SMS code to the registration’s phone.',
  }),
  confirmMasterMobile: defineEndpoint({
    method: 'POST',
    path: '/client/confirmMasterMobile',
    body: confirmMasterMobileRequestSchema,
    response: registrationStatusSchema,
    auth: 'public',
    summary: 'Confirms the registration’s phone with its SMS code (status 2: wrong code).',
  }),
  finalizeMasterUser: defineEndpoint({
    method: 'POST',
    path: '/client/finalizeMasterUser',
    body: finalizeMasterUserRequestSchema,
    response: finalizeMasterUserResponseSchema,
    auth: 'public',
    summary: 'Makes a master user of a registration whose phone is confirmed.',
  }),
  saveMasterUser: defineEndpoint({
    method: 'POST',
    path: '/client/saveMasterUser',
    body: saveMasterUserRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Saves the master user’s own details.',
  }),
  removeMasterUser: defineEndpoint({
    method: 'POST',
    path: '/client/removeMasterUser',
    body: removeMasterUserRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Deletes the master user’s own account (its password confirms); its sessions end.',
  }),
  stopWatchingAccount: defineEndpoint({
    method: 'POST',
    path: '/client/stopWatchingAccount',
    body: stopWatchingAccountRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Ends the master user’s authorisation (or request) for one farm.',
  }),
});
