import {
  isValidEmail,
  phoneProblem,
  usernameProblem,
  type PhoneProblem,
  type UsernameProblem,
} from '../../contracts/account.js';

/**
 * A customer account made by staff (POST /admin/registerUser; decision 0098): the username by the
 * spec's rule (doc 2 §5), an e-mail address (the first login goes there: staff never choose or see
 * the password), a name, a two-letter country; a phone is optional. The dialog and the server check
 * the same rule.
 */
export interface RegistrationForm {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  country: string;
}

export type RegistrationProblems = Partial<{
  username: Exclude<UsernameProblem, 'username_exists'>;
  email: 'email_required' | 'invalid_email';
  firstname: 'name_required';
  phone: PhoneProblem;
  country: 'country_invalid';
}>;

export const NAME_MAX = 100;

export function registrationProblems(f: RegistrationForm): RegistrationProblems {
  const p: RegistrationProblems = {};
  const username = usernameProblem(f.username.trim());
  if (username) p.username = username;
  const email = f.email.trim();
  if (email === '') p.email = 'email_required';
  else if (!isValidEmail(email)) p.email = 'invalid_email';
  if (f.firstname.trim() === '' && f.lastname.trim() === '') p.firstname = 'name_required';
  if (f.phone.trim() !== '') {
    const phone = phoneProblem(f.phone.trim());
    if (phone) p.phone = phone;
  }
  if (!/^[A-Za-z]{2}$/.test(f.country.trim())) p.country = 'country_invalid';
  return p;
}
