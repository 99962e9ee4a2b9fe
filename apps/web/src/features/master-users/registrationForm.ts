import {
  isValidEmail,
  PASSWORD_MIN,
  phoneProblem,
  usernameProblem,
} from '@emberwatch/shared/contracts/account';
import type { TranslationKey } from '../../i18n/translationKey';

/** The details step's fields, as typed. */
export interface RegistrationForm {
  username: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  password: string;
  confirmation: string;
}

export const EMPTY_FORM: RegistrationForm = {
  username: '',
  name: '',
  company: '',
  email: '',
  phone: '',
  password: '',
  confirmation: '',
};

/**
 * The spec's checks (doc 2 §9: username 3 to 50, password at least 5, phone at least 8 numbers), the
 * same the server makes, each field's first problem as its text.
 */
export function registrationFormProblems(
  f: RegistrationForm,
): Partial<Record<keyof RegistrationForm, TranslationKey>> {
  const problems: Partial<Record<keyof RegistrationForm, TranslationKey>> = {};
  const username = usernameProblem(f.username.trim());
  if (username) problems.username = `masterUsers.errors.${username}`;
  if (f.name.trim() === '') problems.name = 'masterUsers.errors.nameRequired';
  if (!isValidEmail(f.email.trim())) problems.email = 'masterUsers.errors.invalidEmail';
  const phone = phoneProblem(f.phone);
  if (phone) problems.phone = `masterUsers.errors.${phone}`;
  if (f.password.length < PASSWORD_MIN) problems.password = 'masterUsers.errors.pwd_too_short';
  else if (f.confirmation !== f.password) problems.confirmation = 'masterUsers.errors.mismatch';
  return problems;
}
