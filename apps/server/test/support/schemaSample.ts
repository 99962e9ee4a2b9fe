import type { z } from 'zod';

/**
 * A value a zod schema accepts, found by reading the schema (zod 4's `def`): the starting point the
 * schema fuzz (schemaFuzz.test.ts) changes one field of, so each refused input is wrong in one way
 * only. Optional fields are filled in where a value is found, so they are fuzzed too.
 */

/** The parts of a zod 4 definition the sampler reads (every kind has `type`; the rest by kind). */
export interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => z.ZodType;
  checks?: { _zod: { def: CheckDef } }[];
  check?: string;
  format?: string;
  coerce?: boolean;
}
interface CheckDef {
  check: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  /** A regex check's pattern (check 'string_format', format 'regex'). */
  pattern?: RegExp;
}

export function defOf(schema: z.ZodType): SchemaDef {
  const def: unknown = schema.def;
  return def as SchemaDef;
}

/** The schema under optional, nullable, default and the like: what a present value must be. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter());
  return schema;
}

/** The object shape of a schema (through wrappers and pipes), or undefined when it is no object. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  return undefined;
}

/** The primitive kind a present value of the field has ('string', 'number', 'array', …). */
export function kindOf(schema: z.ZodType): string {
  const def = defOf(unwrap(schema));
  if (def.type === 'pipe' && def.in) return kindOf(def.in);
  return def.type;
}

function checksOf(def: SchemaDef): CheckDef[] {
  return [...(def.checks ?? []).map((c) => c._zod.def), ...(def.check ? [def as unknown as CheckDef] : [])];
}

const STRING_CANDIDATES = [
  'a',
  'Fuzz',
  'F1000001',
  'H10001',
  'FC-1',
  'hay@demo.emberwatch',
  'https://example.com/hook',
  '2024-01-01T00:00:00Z',
  '20240101',
  '3.4',
  'pm_fuzz',
  'pi_fuzz',
  'FI',
  // A SIM number (ICCID, with its check digit).
  '8935801000000000018',
  '1234',
  '1',
  'C',
  'en',
  'Abcdefgh1!',
];
const NUMBER_CANDIDATES = [1, 2, 10, 100, 0, 1_700_000_000, -1, 0.5];

/**
 * Marks "no value found" where a sample is returned (undefined is a value: an omitted optional
 * field); the functions below return `unknown`, which is a sample or NONE.
 */
export const NONE: unique symbol = Symbol('none');

/** The `variant`-th candidate the schema accepts (the first when there are fewer). */
function first(schema: z.ZodType, candidates: unknown[], variant = 0): unknown {
  const accepted = candidates.filter((c) => schema.safeParse(c).success);
  return accepted.length === 0 ? NONE : accepted[variant % accepted.length];
}

function lengthBounds(checks: CheckDef[]): { min: number; exact?: number } {
  let min = 0;
  let exact: number | undefined;
  for (const c of checks) {
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
    if (c.check === 'length_equals' && typeof c.length === 'number') exact = c.length;
    // A pattern of one character class repeated n times (a secret, /^[A-Za-z0-9_-]{43}$/): n letters.
    const repeated = c.pattern && /^\^\[[^\]]*\]\{(\d+)\}\$$/.exec(c.pattern.source);
    if (repeated) exact = Number(repeated[1]);
  }
  return { min, exact };
}

function numberCandidates(checks: CheckDef[]): number[] {
  const bounds: number[] = [];
  for (const c of checks) {
    if (typeof c.value !== 'number') continue;
    if (c.check === 'greater_than') bounds.push(c.inclusive ? c.value : c.value + 1);
    if (c.check === 'less_than') bounds.push(c.inclusive ? c.value : c.value - 1);
  }
  return [...NUMBER_CANDIDATES, ...bounds];
}

/**
 * A value the schema accepts, or NONE. `depth` stops a recursive schema; `variant` picks another
 * accepted candidate (a tuple's items differ: a [from, to] pair of equal hours may mean "no hours").
 */
export function sampleOf(schema: z.ZodType, depth = 0, variant = 0): unknown {
  if (depth > 12) return NONE;
  const value = build(schema, depth, variant);
  if (value === NONE) return NONE;
  return schema.safeParse(value).success ? value : NONE;
}

function build(schema: z.ZodType, depth: number, variant: number): unknown {
  const def = defOf(schema);
  const checks = checksOf(def);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault': {
      const inner = sampleOf(def.innerType!, depth + 1, variant);
      return inner === NONE ? undefined : inner;
    }
    case 'nullable': {
      const inner = sampleOf(def.innerType!, depth + 1, variant);
      return inner === NONE ? null : inner;
    }
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType!, depth + 1, variant);
    case 'lazy':
      return sampleOf(def.getter!(), depth + 1);
    case 'pipe': {
      // The output side may refuse what the input side takes (a comma list of ids): try the input's candidates.
      const inner = unwrap(def.in!);
      const kind = defOf(inner).type;
      const candidates = kind === 'string' ? STRING_CANDIDATES : kind === 'number' ? NUMBER_CANDIDATES : [];
      const direct = sampleOf(def.in!, depth + 1);
      return first(schema, [...(direct === NONE ? [] : [direct]), ...candidates]);
    }
    case 'string': {
      const { min, exact } = lengthBounds(checks);
      const sized =
        exact !== undefined ? ['a'.repeat(exact)] : min > 0 ? ['a'.repeat(min), 'Abc1!'.repeat(min)] : [];
      return first(schema, [...STRING_CANDIDATES, ...sized], variant);
    }
    case 'number':
      return first(schema, numberCandidates(checks), variant);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'undefined':
      return undefined;
    case 'unknown':
    case 'any':
      return {};
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'record':
      return {};
    case 'array': {
      const { min, exact } = lengthBounds(checks);
      const element = sampleOf(def.element!, depth + 1);
      const n = exact ?? min;
      if (n === 0) {
        // One element where the array takes it, so the fuzz reaches into the elements too.
        return element !== NONE && schema.safeParse([element]).success ? [element] : [];
      }
      return element === NONE ? NONE : Array.from({ length: n }, () => element);
    }
    case 'tuple': {
      const items = (def.items ?? []).map((item, i) => sampleOf(item, depth + 1, i));
      return items.includes(NONE) ? NONE : items;
    }
    case 'union':
      for (const option of def.options ?? []) {
        const v = sampleOf(option, depth + 1);
        if (v !== NONE && schema.safeParse(v).success) return v;
      }
      return NONE;
    case 'object':
      return sampleObject(schema, def.shape ?? {}, depth);
    default:
      return NONE;
  }
}

/** Every field's sample; when a refinement of the whole refuses it, the optional fields left out. */
function sampleObject(schema: z.ZodType, shape: Record<string, z.ZodType>, depth: number): unknown {
  const full: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const v = sampleOf(field, depth + 1);
    if (v === NONE) return NONE;
    if (v !== undefined) full[key] = v;
  }
  if (schema.safeParse(full).success) return full;
  const required = Object.fromEntries(
    Object.entries(full).filter(([key]) => !shape[key]!.safeParse(undefined).success),
  );
  return schema.safeParse(required).success ? required : NONE;
}
