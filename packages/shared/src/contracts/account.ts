import { z } from 'zod';
import { uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { statusOkSchema } from './statusOk.js';
import { newsSeenDateSchema } from './notifications.js';

/**
 * The account area (spec doc 2 §2.6, §2.8, §3 "User", "Sub-user", §4 "Phone", "Sub-user", §5, §7
 * "Account", §8 "Password", "Phone confirmation"; doc 1 §7 "Users"). The rules below are the spec's
 * numbers; the web app checks the same functions before it calls, the server again when it is called.
 * Choices the spec leaves open are in docs/decisions/0036-account-area.md.
 */

/** Spec doc 2 §9: password minimum 5; phone minimum 8 (digits); username 3 to 50; SMS code 4 digits. */
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 200;
export const PHONE_MIN_DIGITS = 8;
/** E.164: no phone number has more digits. */
export const PHONE_MAX_DIGITS = 15;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const SMS_CODE_LENGTH = 4;
/** Spec doc 2 §3 "subUserCount (default 2)", §9 "Default sub-user count 2". */
export const DEFAULT_SUB_USER_COUNT = 2;

/** Spec doc 2 §5 "Change password": the three refusals, by the spec's texts (keys in the web app). */
export type PasswordChangeProblem = 'oldRequired' | 'tooShort' | 'mismatch';

export function passwordChangeProblems(input: {
  oldPassword: string;
  newPassword: string;
  confirmation: string;
  /** An admin setting a customer's password does not know the old one. */
  oldRequired: boolean;
}): PasswordChangeProblem[] {
  const problems: PasswordChangeProblem[] = [];
  if (input.oldRequired && input.oldPassword === '') problems.push('oldRequired');
  if (input.newPassword.length < PASSWORD_MIN) problems.push('tooShort');
  if (input.confirmation !== input.newPassword) problems.push('mismatch');
  return problems;
}

/**
 * Spec doc 2 §8 "Password": 1003 and 1009 the old password is incorrect, 1001 one password missing;
 * the server answers 1009 when wrong old passwords came too often (it then does not check).
 */
export const PASSWORD_STATUS = { missing: 1001, oldIncorrect: 1003, tooManyAttempts: 1009 } as const;

/** Spec doc 2 §8 "Phone confirmation": 2 the code is wrong; 13 (already confirmed) counts as success. */
export const PHONE_STATUS = { wrongCode: 2, alreadyConfirmed: 13 } as const;

/** Spec doc 2 §5 "Username": the keys are the spec's (username too short, username_err, username exists). */
export type UsernameProblem = 'username_too_short' | 'username_err' | 'username_exists';

const USERNAME_CHARS = /^[A-Za-z0-9\-@.+/*_]+$/;
const USERNAME_BAD_START = /^[_./\\]/;

/** What is wrong with a username by the spec's rule, or null (uniqueness only the server knows). */
export function usernameProblem(username: string): Exclude<UsernameProblem, 'username_exists'> | null {
  if (username.length < USERNAME_MIN) return 'username_too_short';
  if (username.length > USERNAME_MAX) return 'username_err';
  if (USERNAME_BAD_START.test(username) || !USERNAME_CHARS.test(username)) return 'username_err';
  return null;
}

/** Spec doc 2 §5 "Phone required, valid format, at least 8 numbers". */
export type PhoneProblem = 'phone_required' | 'phone_invalid' | 'phone_too_short';

const PHONE_FORMAT = /^\+?[0-9(][0-9 ()./-]*$/;

export function phoneProblem(phone: string): PhoneProblem | null {
  const p = phone.trim();
  if (p === '') return 'phone_required';
  if (!PHONE_FORMAT.test(p)) return 'phone_invalid';
  const digits = p.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS) return 'phone_too_short';
  if (digits > PHONE_MAX_DIGITS) return 'phone_invalid';
  return null;
}

/**
 * The one form a phone number is stored and compared in: "+" (when given) and the digits. Two ways of
 * writing one number ("+358 40 123 4567", "+358401234567") are then the same number, which is what
 * "re-entering a confirmed number" (spec doc 2 §5) has to recognise.
 */
export function normalizePhone(phone: string): string {
  const p = phone.trim();
  return (p.startsWith('+') ? '+' : '') + p.replace(/\D/g, '');
}

/**
 * zod's own e-mail pattern (zod/v4/core/regexes `email`), written out: the web app calls
 * isValidEmail, and a zod schema here would bring zod into the browser's bundle
 * (test/builtBundle.test.ts).
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Spec doc 2 §5 "email optional but valid (invalid_email otherwise)". */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export function smsCodeProblem(code: string): 'sms_required' | 'sms_digits' | null {
  if (code === '') return 'sms_required';
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code) ? null : 'sms_digits';
}

/** Spec doc 2 §5 "Sub-user": what is wrong with the form, field by field. */
export interface SubUserForm {
  name: string;
  mobilePhone: string;
  email: string;
  loginEnabled: boolean;
  username: string;
  password: string;
}

export type SubUserProblems = Partial<
  Record<'name' | 'mobilePhone' | 'email' | 'username' | 'password', string>
>;

export function subUserProblems(
  form: SubUserForm,
  /** Editing a sub-user that already logs in: its username is fixed and a new password optional. */
  loginAlreadyEnabled: boolean,
): SubUserProblems {
  const problems: SubUserProblems = {};
  if (form.name.trim() === '') problems.name = 'name_required';
  const phone = phoneProblem(form.mobilePhone);
  if (phone) problems.mobilePhone = phone;
  if (form.email.trim() !== '' && !isValidEmail(form.email.trim())) problems.email = 'invalid_email';
  if (form.loginEnabled) {
    if (!loginAlreadyEnabled) {
      const u = usernameProblem(form.username.trim());
      if (u) problems.username = u;
    }
    const passwordNeeded = !loginAlreadyEnabled || form.password !== '';
    if (passwordNeeded && form.password.length < PASSWORD_MIN) problems.password = 'pwd_too_short';
  }
  return problems;
}

/**
 * Spec doc 2 §5 "Add-user button shown only when users count is at most subUserCount (default 2) and
 * the service permits"; §6 "adds sub-users only with Insight service or a non-expired premium plan".
 * The users counted are the account's, the owner among them: with the default 2 the owner and two
 * sub-users (the demo's hay farm has one and may add one more) — decision 0036.
 */
export function mayAddSubUser(a: {
  subUsers: number;
  subUserCount: number;
  /** The account has the Insight service or a non-expired premium plan. */
  entitled: boolean;
}): boolean {
  return a.entitled && a.subUsers < a.subUserCount;
}

// ---------------------------------------------------------------------------------------------------
// Schemas of the calls

const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => trimmed(max).transform((s) => (s === '' ? null : s));

export const phoneSchema = z
  .string()
  .max(40)
  .superRefine((p, ctx) => {
    const problem = phoneProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizePhone);

const optionalEmailSchema = trimmed(254)
  .refine((e) => e === '' || isValidEmail(e), 'invalid_email')
  .transform((e) => (e === '' ? null : e));

export const usernameSchema = z
  .string()
  .trim()
  .superRefine((u, ctx) => {
    const problem = usernameProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const newPasswordSchema = z.string().min(PASSWORD_MIN, 'pwd_too_short').max(PASSWORD_MAX);

/** A country as ISO 3166-1 alpha-2, stored lower-case like the rest of the store ("fi", "us"). */
export const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country is a two-letter code')
  .transform((c) => c.toLowerCase());

/** One phone of the account (spec doc 2 §3 "phones (phoneNumber, index, confirmed)"). */
export const accountPhoneSchema = z.object({
  phoneNumber: z.string(),
  index: z.int(),
  confirmed: z.boolean(),
});
export type AccountPhone = z.infer<typeof accountPhoneSchema>;

/** Spec doc 2 §3 "Sub-user". `phone` and `mobilePhone` are one number (decision 0036). */
export const subUserSchema = z.object({
  U_ID: z.int(),
  name: z.string(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  loginEnabled: z.boolean(),
  username: z.string().nullable().describe('Null until login is enabled; fixed from then on.'),
});
export type SubUser = z.infer<typeof subUserSchema>;

/** The account area's view of an account: its profile, phones and people. */
export const accountInfoSchema = z.object({
  U_ID: z.int().describe('The account (main user).'),
  username: z.string().describe("The login of the user asked for (a sub-user's own, not its owner's)."),
  login_U_ID: z.int().describe('That user.'),
  subUser: z.boolean().describe('The user asked for is a sub-user of the account.'),
  firstname: z.string().nullable(),
  lastname: z.string().nullable().describe('Holds the company (spec doc 2 §3).'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  phones: z.array(accountPhoneSchema),
  pendingPhone: z.string().nullable().describe('A number waiting for its SMS code.'),
  subUsers: z.array(subUserSchema),
  subUserCount: z.int(),
  mayEdit: z.boolean().describe('The caller may change this account (its owner, or an admin).'),
  mayAddSubUser: z.boolean(),
  demo: z.boolean().describe('Demo mode: the password cannot be changed (spec doc 2 §6).'),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const accountInfoResponseSchema = z.object({ status_code: z.literal(0), account: accountInfoSchema });
export type AccountInfoResponse = z.infer<typeof accountInfoResponseSchema>;

/** POST /client/userInfo: the profile fields to change (spec doc 2 §7 "update user profile"). */
export const updateUserProfileRequestSchema = z
  .strictObject({
    UID: z.int().positive().optional(),
    firstname: trimmed(100).min(1, 'The name is required').optional(),
    lastname: optionalText(100).optional(),
    email: optionalEmailSchema.optional(),
    phone: phoneSchema.optional(),
    country: countrySchema.optional(),
    address: optionalText(200).optional(),
    zip: optionalText(20).optional(),
    city: optionalText(100).optional(),
    // Spec doc 1 §7: the news dialog's close saves the caller's own newsSeenDate here.
    newsSeenDate: newsSeenDateSchema.optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'UID'), 'Nothing to change');
export type UpdateUserProfileRequest = z.input<typeof updateUserProfileRequestSchema>;

/** POST /client/changeUserPassword (spec doc 2 §7: oldPassword, newPassword, plus UID and username for admins). */
export const changePasswordRequestSchema = z.strictObject({
  oldPassword: z.string().max(PASSWORD_MAX).optional(),
  newPassword: z.string().max(PASSWORD_MAX),
  UID: z.int().positive().optional(),
  username: z.string().max(USERNAME_MAX).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /admin/checkUsername: whether a login name may be taken (spec: "returns nameCheck"). */
export const checkUsernameRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  username: z.string().max(200),
});
export const checkUsernameResponseSchema = z.object({
  status_code: z.literal(0),
  nameCheck: z.boolean().describe('True when the name is valid and free.'),
  problem: z.enum(['username_too_short', 'username_err', 'username_exists']).nullable(),
});
export type CheckUsernameResponse = z.infer<typeof checkUsernameResponseSchema>;

/** A sub-user as the add and edit dialogs send it (doc 1 §7: new_user with name, mobilePhone, email). */
export const subUserInputSchema = z.strictObject({
  name: trimmed(100).min(1, 'name_required'),
  mobilePhone: phoneSchema,
  email: optionalEmailSchema.optional(),
  loginEnabled: z.boolean().default(false),
  username: usernameSchema.optional(),
  password: newPasswordSchema.optional(),
});
export type SubUserInput = z.input<typeof subUserInputSchema>;

export const addSubUserRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  new_user: subUserInputSchema,
});
export type AddSubUserRequest = z.input<typeof addSubUserRequestSchema>;

export const updateSubUserRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  subUserID: z.int().positive(),
  user: subUserInputSchema,
});
export type UpdateSubUserRequest = z.input<typeof updateSubUserRequestSchema>;

export const subUserResponseSchema = z.object({ status_code: z.literal(0), subUser: subUserSchema });
export type SubUserResponse = z.infer<typeof subUserResponseSchema>;

/** POST /client/deleteSubUser (spec doc 2 §7: mainUserID, subUserID). */
export const deleteSubUserRequestSchema = z.strictObject({
  mainUserID: z.int().positive(),
  subUserID: z.int().positive(),
});
export type DeleteSubUserRequest = z.infer<typeof deleteSubUserRequestSchema>;

/** POST /client/changeUserPhone: sends (or sends again) the 4-digit code to the new number. */
export const changeUserPhoneRequestSchema = z.strictObject({
  oldPhone: z.string().max(40).nullable().optional(),
  newPhone: phoneSchema,
  UID: z.int().positive().optional(),
});
export type ChangeUserPhoneRequest = z.input<typeof changeUserPhoneRequestSchema>;
export const changeUserPhoneResponseSchema = z.object({
  status_code: z.literal(0),
  phone: z.string().describe('The number the code went to, as stored.'),
  resent: z.boolean().describe('A code for this number had been sent before.'),
});
export type ChangeUserPhoneResponse = z.infer<typeof changeUserPhoneResponseSchema>;

/** POST /admin/confirmMobile (spec doc 2 §7: code, plus username for admin). */
export const confirmMobileRequestSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'You have to fill 4 numbers'),
  username: z.string().max(200).optional(),
  UID: z.int().positive().optional(),
});
export type ConfirmMobileRequest = z.input<typeof confirmMobileRequestSchema>;
export const confirmMobileResponseSchema = z.object({ status_code: z.literal(0), phone: z.string() });

/** GET /client/getMasterUserInfo: a master user's own page (spec doc 2 §2.8). */
export const masterUserInfoSchema = z.object({
  U_ID: z.int(),
  username: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  accounts: z
    .array(z.object({ UID: z.int(), username: z.string(), name: z.string(), authorized: z.boolean() }))
    .describe('The accounts that asked the master to watch them, authorised or not yet.'),
});
export type MasterUserInfo = z.infer<typeof masterUserInfoSchema>;
export const masterUserInfoResponseSchema = z.object({
  status_code: z.literal(0),
  master: masterUserInfoSchema,
});

/** GET /admin/getSMSData: the texts the stand-in code sender recorded (decision 0036). */
export const smsDataQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  to: z.string().max(40).optional(),
});
export const sentCodeSchema = z.object({
  id: z.int(),
  to: z.string(),
  purpose: z.enum(['phone', 'password', 'username']),
  text: z.string(),
  ts: z.int(),
});
export type SentCode = z.infer<typeof sentCodeSchema>;
export const smsDataResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(sentCodeSchema),
});
export type SmsDataResponse = z.infer<typeof smsDataResponseSchema>;

/**
 * Forgotten password and username (doc 1 §7 getPasswordCodeByUsername, resetPassword, getUsernameSMS).
 * Public calls that answer the same whether or not an account matches, so that they never tell who
 * has an account (decision 0036).
 */
export const passwordCodeQuerySchema = z.object({ username: z.string().trim().min(1).max(200) });
export const resetPasswordRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'You have to fill 4 numbers'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export const usernameSmsQuerySchema = z.object({ phone: phoneSchema });
/** The account's e-mail address, for its usernames by e-mail (beside the spec's SMS; decision 0036). */
export const usernameEmailQuerySchema = z.object({
  email: trimmed(254).refine((e) => isValidEmail(e), 'invalid_email'),
});

export const accountEndpoints = defineEndpoints({
  accountInfo: defineEndpoint({
    method: 'GET',
    path: '/client/accountInfo',
    query: uidQuerySchema,
    response: accountInfoResponseSchema,
    auth: 'user',
    summary: "The account area's view of the caller's account, or (UID) one it may act for.",
  }),
  updateUserProfile: defineEndpoint({
    method: 'POST',
    path: '/client/userInfo',
    body: updateUserProfileRequestSchema,
    response: accountInfoResponseSchema,
    auth: 'user',
    summary: 'Changes profile fields of the account (its owner, or an admin passing UID).',
  }),
  changeUserPassword: defineEndpoint({
    method: 'POST',
    path: '/client/changeUserPassword',
    body: changePasswordRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: "Changes the caller's password (old and new), or an admin's customer's (UID and username).",
  }),
  checkUsername: defineEndpoint({
    method: 'POST',
    path: '/admin/checkUsername',
    body: checkUsernameRequestSchema,
    response: checkUsernameResponseSchema,
    auth: 'user',
    summary: 'Whether a login name is valid and free, for a sub-user of an account the caller owns.',
  }),
  addNewUser: defineEndpoint({
    method: 'POST',
    path: '/client/addNewUser',
    body: addSubUserRequestSchema,
    response: subUserResponseSchema,
    auth: 'user',
    summary: 'Adds a sub-user to the account, with a login when asked.',
  }),
  updateSubUser: defineEndpoint({
    method: 'POST',
    path: '/client/minorUserInfo',
    body: updateSubUserRequestSchema,
    response: subUserResponseSchema,
    auth: 'user',
    summary: 'Changes a sub-user of the account (its username is fixed once it logs in).',
  }),
  deleteSubUser: defineEndpoint({
    method: 'POST',
    path: '/client/deleteSubUser',
    body: deleteSubUserRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Deletes a sub-user of the account, and its sessions.',
  }),
  changeUserPhone: defineEndpoint({
    method: 'POST',
    path: '/client/changeUserPhone',
    body: changeUserPhoneRequestSchema,
    response: changeUserPhoneResponseSchema,
    auth: 'user',
    summary: 'Sends (or sends again) a 4-digit code to a new phone number of the account.',
  }),
  confirmMobile: defineEndpoint({
    method: 'POST',
    path: '/admin/confirmMobile',
    body: confirmMobileRequestSchema,
    response: confirmMobileResponseSchema,
    auth: 'user',
    summary: 'Confirms the pending phone number with its code (status 2: wrong code).',
  }),
  getMasterUserInfo: defineEndpoint({
    method: 'GET',
    path: '/client/getMasterUserInfo',
    response: masterUserInfoResponseSchema,
    auth: 'user',
    summary: "A master user's own details and the accounts it watches.",
  }),
  getSMSData: defineEndpoint({
    method: 'GET',
    path: '/admin/getSMSData',
    query: smsDataQuerySchema,
    response: smsDataResponseSchema,
    auth: 'user',
    summary: 'Admins: the codes the stand-in sender recorded, newest first.',
  }),
  getPasswordCodeByUsername: defineEndpoint({
    method: 'GET',
    path: '/client/getPasswordCodeByUsername',
    query: passwordCodeQuerySchema,
    response: statusOkSchema,
    auth: 'public',
    summary: "Sends a password reset code to the account's confirmed phone; the same answer for any name.",
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/client/resetPassword',
    body: resetPasswordRequestSchema,
    response: statusOkSchema,
    auth: 'public',
    summary: 'Sets a new password with the code sent by getPasswordCodeByUsername (status 2: wrong code).',
  }),
  getUsernameSMS: defineEndpoint({
    method: 'GET',
    path: '/client/getUsernameSMS',
    query: usernameSmsQuerySchema,
    response: statusOkSchema,
    auth: 'public',
    summary: 'Sends the usernames of a confirmed phone to it; the same answer for any number.',
  }),
  getUsernameEmail: defineEndpoint({
    method: 'GET',
    path: '/client/getUsernameEmail',
    query: usernameEmailQuerySchema,
    response: statusOkSchema,
    auth: 'public',
    summary:
      'Mails the usernames of the accounts with this e-mail address to it; the same answer for any address.',
  }),
});
