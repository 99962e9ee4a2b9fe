import type { AudienceInput } from '@emberwatch/shared/contracts/broadcasts';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type { Contact, PartnerApp } from '@emberwatch/shared/domain/broadcasts/audience';

/** An audience as the form holds it: lists as typed ("2, 4"), the choices as chosen. */
export interface AudienceForm {
  planLevels: string;
  segments: string;
  countries: string;
  languages: Language[];
  partnerApps: PartnerApp[];
  contact: '' | Contact;
}

export const EMPTY_AUDIENCE_FORM: AudienceForm = {
  planLevels: '',
  segments: '',
  countries: '',
  languages: [],
  partnerApps: [],
  contact: '',
};

const items = (s: string) =>
  s
    .split(/[,\s]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
const numbers = (s: string) =>
  items(s)
    .filter((v) => /^\d{1,3}$/.test(v))
    .map(Number);

/** The audience the form means; what cannot be read (a letter in a number list) is left out. */
export function audienceOfForm(f: AudienceForm): AudienceInput {
  const a: AudienceInput = {};
  const planLevels = numbers(f.planLevels);
  const segments = numbers(f.segments);
  const countries = items(f.countries)
    .filter((c) => /^[A-Za-z]{2}$/.test(c))
    .map((c) => c.toUpperCase());
  if (planLevels.length) a.planLevels = planLevels;
  if (segments.length) a.segments = segments;
  if (countries.length) a.countries = countries;
  if (f.languages.length) a.languages = f.languages;
  if (f.partnerApps.length) a.partnerApps = f.partnerApps;
  if (f.contact) a.contact = f.contact;
  return a;
}

export function formOfAudience(a: AudienceInput): AudienceForm {
  return {
    planLevels: (a.planLevels ?? []).join(', '),
    segments: (a.segments ?? []).join(', '),
    countries: (a.countries ?? []).join(', '),
    languages: [...(a.languages ?? [])],
    partnerApps: [...(a.partnerApps ?? [])],
    contact: a.contact ?? '',
  };
}

/** Epoch seconds as a datetime-local input's value (the browser's clock), and back. */
export function localInputOf(ts: number | null): string {
  if (ts === null) return '';
  const d = new Date(ts * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function tsOfLocalInput(value: string): number | null {
  if (value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
