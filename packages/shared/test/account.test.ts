import { describe, expect, it } from 'vitest';
import {
  addSubUserRequestSchema,
  changeUserPhoneRequestSchema,
  confirmMobileRequestSchema,
  isValidEmail,
  mayAddSubUser,
  normalizePhone,
  passwordChangeProblems,
  phoneProblem,
  smsCodeProblem,
  subUserProblems,
  updateUserProfileRequestSchema,
  usernameProblem,
  type SubUserForm,
} from '../src/contracts/account.js';

describe('usernames (spec doc 2 §5: 3 to 50; no leading _ . / \\; letters, digits and - @ . + / * _)', () => {
  it.each([
    ['ab', 'username_too_short'],
    ['', 'username_too_short'],
    ['abc', null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'username_err'],
    ['_farmhand', 'username_err'],
    ['.farmhand', 'username_err'],
    ['/farmhand', 'username_err'],
    ['\\farmhand', 'username_err'],
    ['farm hand', 'username_err'],
    ['farmhand!', 'username_err'],
    ['farmhänd', 'username_err'],
    ['hand-1@farm.fi', null],
    ['a+b/c*d_e', null],
  ])('%j → %s', (name, problem) => {
    expect(usernameProblem(name)).toBe(problem);
  });
});

describe('phones (spec doc 2 §5: required, valid format, at least 8 numbers)', () => {
  it.each([
    ['', 'phone_required'],
    ['   ', 'phone_required'],
    ['1234567', 'phone_too_short'],
    ['12345678', null],
    ['+358 40 123 4567', null],
    ['(040) 123-45.67', null],
    ['040 12x 4567', 'phone_invalid'],
    ['++35840123', 'phone_invalid'],
    ['1234567890123456', 'phone_invalid'],
  ])('%j → %s', (phone, problem) => {
    expect(phoneProblem(phone)).toBe(problem);
  });

  it('keeps the plus and the digits, so two spellings of one number are one number', () => {
    expect(normalizePhone(' +358 (40) 123-4567 ')).toBe('+358401234567');
    expect(normalizePhone('040 123 4567')).toBe('0401234567');
  });
});

describe('SMS codes (spec doc 2 §5: exactly 4 digits, required)', () => {
  it.each([
    ['', 'sms_required'],
    ['123', 'sms_digits'],
    ['12345', 'sms_digits'],
    ['12a4', 'sms_digits'],
    ['0042', null],
  ])('%j → %s', (code, problem) => {
    expect(smsCodeProblem(code)).toBe(problem);
  });
});

describe('change password (spec doc 2 §5: old required; new at least 5; confirmation must match)', () => {
  it.each([
    [{ oldPassword: '', newPassword: 'abcde', confirmation: 'abcde', oldRequired: true }, ['oldRequired']],
    [{ oldPassword: 'x', newPassword: 'abcd', confirmation: 'abcd', oldRequired: true }, ['tooShort']],
    [{ oldPassword: 'x', newPassword: 'abcde', confirmation: 'abcdf', oldRequired: true }, ['mismatch']],
    [{ oldPassword: 'x', newPassword: 'abcde', confirmation: 'abcde', oldRequired: true }, []],
    [{ oldPassword: '', newPassword: 'abcde', confirmation: 'abcde', oldRequired: false }, []],
  ])('%j → %j', (input, problems) => {
    expect(passwordChangeProblems(input)).toEqual(problems);
  });
});

describe('the sub-user form (spec doc 2 §5)', () => {
  const ok: SubUserForm = {
    name: 'Hand',
    mobilePhone: '+358401234567',
    email: '',
    loginEnabled: false,
    username: '',
    password: '',
  };
  it.each<[string, Partial<SubUserForm>, boolean, object]>([
    ['a name and a phone suffice', {}, false, {}],
    ['the name is required', { name: ' ' }, false, { name: 'name_required' }],
    ['the phone needs 8 numbers', { mobilePhone: '1234 567' }, false, { mobilePhone: 'phone_too_short' }],
    ['an e-mail is optional but valid', { email: 'hand@' }, false, { email: 'invalid_email' }],
    [
      'a login needs a username and a password of 5',
      { loginEnabled: true, username: 'ha', password: 'abcd' },
      false,
      { username: 'username_too_short', password: 'pwd_too_short' },
    ],
    ['a login with both is fine', { loginEnabled: true, username: 'hand', password: 'abcde' }, false, {}],
    [
      'an existing login keeps its username and needs no new password',
      { loginEnabled: true, username: '', password: '' },
      true,
      {},
    ],
    [
      'a new password for an existing login still needs 5',
      { loginEnabled: true, password: 'abc' },
      true,
      { password: 'pwd_too_short' },
    ],
  ])('%s', (_name, change, already, problems) => {
    expect(subUserProblems({ ...ok, ...change }, already)).toEqual(problems);
  });
});

describe('adding sub-users (spec doc 2 §5: users at most subUserCount, default 2; §6 the service permits)', () => {
  it.each([
    [{ subUsers: 0, subUserCount: 2, entitled: true }, true],
    [{ subUsers: 1, subUserCount: 2, entitled: true }, true],
    [{ subUsers: 2, subUserCount: 2, entitled: true }, false],
    [{ subUsers: 2, subUserCount: 4, entitled: true }, true],
    [{ subUsers: 0, subUserCount: 2, entitled: false }, false],
  ])('%j → %s', (a, allowed) => {
    expect(mayAddSubUser(a)).toBe(allowed);
  });
});

describe('the schemas of the calls', () => {
  it('accepts a sub-user with a login and stores its phone in one form', () => {
    const parsed = addSubUserRequestSchema.parse({
      new_user: {
        name: ' Hand ',
        mobilePhone: '+358 40 123 4567',
        email: '',
        loginEnabled: true,
        username: 'hand',
        password: 'abcde',
      },
    });
    expect(parsed.new_user).toEqual({
      name: 'Hand',
      mobilePhone: '+358401234567',
      email: null,
      loginEnabled: true,
      username: 'hand',
      password: 'abcde',
    });
  });

  it.each([
    ['a bad username', { username: '_hand' }],
    ['a short password', { password: 'abcd' }],
    ['a short phone', { mobilePhone: '1234' }],
    ['a bad e-mail', { email: 'a@b' }],
    ['an unknown field', { admin: true }],
  ])('refuses %s', (_name, change) => {
    const base = {
      name: 'Hand',
      mobilePhone: '+358401234567',
      loginEnabled: true,
      username: 'hand',
      password: 'abcde',
    };
    expect(addSubUserRequestSchema.safeParse({ new_user: { ...base, ...change } }).success).toBe(false);
  });

  it('refuses a profile change with nothing to change, and an invalid country', () => {
    expect(updateUserProfileRequestSchema.safeParse({ UID: 3 }).success).toBe(false);
    expect(updateUserProfileRequestSchema.safeParse({ country: 'Finland' }).success).toBe(false);
    expect(updateUserProfileRequestSchema.parse({ country: 'FI', lastname: '' })).toEqual({
      country: 'fi',
      lastname: null,
    });
  });

  it('takes exactly 4 digits as a code, and a valid new phone', () => {
    expect(confirmMobileRequestSchema.safeParse({ code: '123' }).success).toBe(false);
    expect(confirmMobileRequestSchema.safeParse({ code: '1234' }).success).toBe(true);
    expect(changeUserPhoneRequestSchema.safeParse({ newPhone: '12' }).success).toBe(false);
  });

  it('knows an e-mail address', () => {
    expect(isValidEmail('hand@farm.fi')).toBe(true);
    expect(isValidEmail('hand@farm')).toBe(false);
  });
});
