/**
 * Stripe's request bodies: application/x-www-form-urlencoded with bracketed keys
 * (metadata[order]=7, billing_details[address][city]=Oulu, expand[0]=x) into nested objects.
 */
export type FormValue = string | { [key: string]: FormValue };
export type Form = Record<string, FormValue>;

export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Form = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (typeof next !== 'object') node[part] = {};
        node = node[part] as Form;
      }
    });
  }
  return out;
}

export function str(f: Form | undefined, key: string): string | undefined {
  const v = f?.[key];
  return typeof v === 'string' ? v : undefined;
}

export function obj(f: Form | undefined, key: string): Form | undefined {
  const v = f?.[key];
  return typeof v === 'object' ? v : undefined;
}
