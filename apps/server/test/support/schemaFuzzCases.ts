import { parse as parseQuery } from 'node:querystring';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import type { z } from 'zod';
import { defOf, kindOf, NONE, sampleOf, shapeOf, unwrap } from './schemaSample.js';

/**
 * Requests an endpoint's schema refuses, derived from the schema itself (schemaFuzz.test.ts sends
 * them). Each starts from a sample the schema accepts and breaks it in one way: a field of the wrong
 * type or missing, a huge string or array, a value 5,000 deep, prototype keys, a body that is no
 * object or no JSON; for a query, wrong values, a repeated key, a huge value. A derived input the
 * schema still accepts is dropped (`safeParse` decides), except those the server must refuse before
 * the schema sees them: a body over the size limit, text that is no JSON, a content type no parser
 * takes, and JSON naming `__proto__` or `constructor.prototype`, whatever the rest of the body
 * (Fastify's parser refuses those; the ingest route's own parser leaves them to its strict schema).
 */

export interface FuzzRequest {
  /** What is wrong with it, for the failure message. */
  label: string;
  /** GET: the query string, without "?". */
  query?: string;
  /** POST: the body text as sent; undefined sends none. */
  payload?: string;
  /** POST: the content type sent with the payload (application/json unless said). */
  contentType?: string;
  /**
   * What the error must name, where the input is wrong in that one way only: a prototype key on an
   * otherwise accepted body must be refused for that key, not pass as the valid call it carries.
   */
  names?: RegExp;
}

export interface FuzzPlan {
  /** The accepted sample the requests are made from, or NONE when the sampler found none. */
  base: unknown;
  requests: FuzzRequest[];
}

/** The key a polluted prototype would show on every object. */
export const POLLUTION_MARK = 'emberwatchFuzzPolluted';
const POLLUTION = { [POLLUTION_MARK]: 'yes' };

/**
 * A refusal for the prototype key: Fastify's parser refuses valid JSON naming one as "not valid
 * JSON"; a strict schema (behind the ingest route's own parser) names the unrecognised key.
 */
const PROTO_NAMES = /not valid JSON|__proto__|constructor/;
/** Above every route's body limit (the largest, ingest's, is 1 MiB). */
const OVER_LIMIT = 'x'.repeat(1024 * 1024 + 1);
/** Ten times the longest string or array any contract allows. */
const HUGE_STRING = 'x'.repeat(100_000);
const HUGE_ARRAY_LENGTH = 10_000;
const HUGE_QUERY_VALUE = '9'.repeat(100_000);
const DEEP = 5_000;
const DEEP_OBJECT = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
const DEEP_ARRAY = '['.repeat(DEEP) + '1' + ']'.repeat(DEEP);
const DEEP_PROTO = '{"a":'.repeat(DEEP) + JSON.stringify({ ['__proto__']: POLLUTION }) + '}'.repeat(DEEP);
/** The deep values as the server's parser returns them, for the schema to judge. */
const DEEP_VALUES = { object: JSON.parse(DEEP_OBJECT) as unknown, array: JSON.parse(DEEP_ARRAY) as unknown };

/** One value of each JSON type (and a fraction for an integer); a field takes those its schema refuses. */
const WRONG_TYPES: unknown[] = ['fuzz', 12_345, 1.5, true, null, { fuzz: 1 }, ['fuzz']];
/** Fewer one level down, still a string, a number, null and an object for each field. */
const WRONG_NESTED: unknown[] = ['fuzz', 12_345, null, { fuzz: 1 }];
/** Query values of the wrong kind for a number, an enum or an id. */
const WRONG_QUERY_VALUES = ['fuzz', '', '-1', '1.5', '1e400', 'true', '{}'];

/** Stands for a value spliced into the JSON text after JSON.stringify (an object literal cannot hold an own "__proto__"). */
const MARK = '@@fuzz@@';
const PROTO_KEY = '@@proto@@';
function splice(value: unknown, raw: string): string {
  return JSON.stringify(value).replace(`"${MARK}"`, () => raw);
}
function withProtoKey(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${PROTO_KEY}":`, '"__proto__":');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether the schema refuses the value; a schema that throws (a stack overflow) counts as refusing. */
function refuses(schema: z.ZodType, value: unknown): boolean {
  try {
    return !schema.safeParse(value).success;
  } catch {
    return true;
  }
}

export function fuzzPlan(endpoint: Endpoint): FuzzPlan {
  if (endpoint.method === 'GET')
    return endpoint.query ? queryPlan(endpoint.query) : { base: NONE, requests: [] };
  return endpoint.body ? bodyPlan(endpoint.body) : { base: NONE, requests: [] };
}

// ------------------------------------------------------------------------------------------------
// Bodies

function bodyPlan(schema: z.ZodType): FuzzPlan {
  const sampled = sampleOf(schema);
  const base: Record<string, unknown> = isPlainObject(sampled) ? sampled : {};
  const shape = shapeOf(schema) ?? {};
  const keys = Object.keys(shape);
  const first = keys[0] ?? 'fuzz';
  const requests: FuzzRequest[] = [];
  /** Sent when the schema refuses `value`; `payload` is its text when JSON.stringify(value) is not. */
  const ifRefused = (label: string, value: unknown, payload = JSON.stringify(value)) => {
    if (refuses(schema, value)) requests.push({ label, payload });
  };
  const always = (label: string, payload: string) => requests.push({ label, payload });
  /** A prototype key on the accepted sample: the parser refuses it, or a strict schema names the key. */
  const protoKey = (label: string, payload: string) => requests.push({ label, payload, names: PROTO_NAMES });

  for (const key of keys) {
    for (const wrong of WRONG_TYPES) ifRefused(`${key}: ${JSON.stringify(wrong)}`, { ...base, [key]: wrong });
    if (key in base) {
      const { [key]: _gone, ...rest } = base;
      ifRefused(`${key} missing`, rest);
    }
    const field = shape[key]!;
    const kind = kindOf(field);
    if (kind === 'string' || kind === 'enum' || kind === 'literal')
      ifRefused(`${key}: ${HUGE_STRING.length} characters`, { ...base, [key]: HUGE_STRING });
    if (kind === 'array') {
      // The element the schema takes when it is short, so that the length alone is wrong; else zeros.
      const element = sampleOf(defOf(unwrap(field)).element ?? field);
      const filler = element !== NONE && JSON.stringify(element).length <= 64 ? element : 0;
      ifRefused(`${key}: ${HUGE_ARRAY_LENGTH} elements`, {
        ...base,
        [key]: Array.from({ length: HUGE_ARRAY_LENGTH }, () => filler),
      });
      const head = Array.isArray(base[key]) ? (base[key] as unknown[])[0] : undefined;
      if (isPlainObject(head))
        protoKey(
          `${key}[0] with a __proto__ key`,
          withProtoKey({ ...base, [key]: [{ [PROTO_KEY]: POLLUTION, ...head }] }),
        );
    }
    // One level down: each field of an object field, or of an array field's first element.
    const nested = nestedOf(field, base[key]);
    if (nested)
      for (const [sub, subField] of Object.entries(nested.shape)) {
        const label = `${key}${nested.index === undefined ? '' : `[${nested.index}]`}.${sub}`;
        for (const wrong of WRONG_NESTED)
          ifRefused(`${label}: ${JSON.stringify(wrong)}`, {
            ...base,
            [key]: nested.with({ ...nested.value, [sub]: wrong }),
          });
        if (sub in nested.value) {
          const { [sub]: _gone, ...rest } = nested.value;
          ifRefused(`${label} missing`, { ...base, [key]: nested.with(rest) });
        }
        if (kindOf(subField) === 'string')
          ifRefused(`${label}: ${HUGE_STRING.length} characters`, {
            ...base,
            [key]: nested.with({ ...nested.value, [sub]: HUGE_STRING }),
          });
      }
    if (isPlainObject(base[key])) {
      protoKey(
        `${key} with a __proto__ key`,
        withProtoKey({ ...base, [key]: { [PROTO_KEY]: POLLUTION, ...base[key] } }),
      );
      protoKey(
        `${key} with constructor.prototype`,
        JSON.stringify({ ...base, [key]: { constructor: { prototype: POLLUTION }, ...base[key] } }),
      );
    }
  }

  // Huge: a string over every body limit; a huge array as the body.
  always(`${first}: a string over the body limit`, splice({ ...base, [first]: MARK }, `"${OVER_LIMIT}"`));
  ifRefused(
    `${HUGE_ARRAY_LENGTH} elements as the body`,
    Array.from({ length: HUGE_ARRAY_LENGTH }, () => 0),
  );

  // Deep: in a field, in a field of its own, as the body, and with __proto__ at the bottom.
  ifRefused(
    `${first}: an object ${DEEP} deep`,
    { ...base, [first]: DEEP_VALUES.object },
    splice({ ...base, [first]: MARK }, DEEP_OBJECT),
  );
  ifRefused(
    `${first}: an array ${DEEP} deep`,
    { ...base, [first]: DEEP_VALUES.array },
    splice({ ...base, [first]: MARK }, DEEP_ARRAY),
  );
  ifRefused(
    `an extra field ${DEEP} deep`,
    { ...base, fuzz: DEEP_VALUES.object },
    splice({ ...base, fuzz: MARK }, DEEP_OBJECT),
  );
  ifRefused(`an array ${DEEP} deep as the body`, DEEP_VALUES.array, DEEP_ARRAY);
  always(`__proto__ ${DEEP} deep`, splice({ ...base, fuzz: MARK }, DEEP_PROTO));

  // Prototype keys: the polluting shapes always (a parser refuses them), the plain keys when refused.
  protoKey('a __proto__ key', withProtoKey({ [PROTO_KEY]: POLLUTION, ...base }));
  protoKey('constructor.prototype', JSON.stringify({ constructor: { prototype: POLLUTION }, ...base }));
  for (const extra of [{ prototype: POLLUTION }, { constructor: 'fuzz' }, { constructor: POLLUTION }]) {
    const label = `the key ${JSON.stringify(extra)}`;
    const withKey = { ...base, ...extra };
    if (refuses(schema, withKey)) ifRefused(label, withKey);
    else {
      // A schema that drops unknown keys takes it: sent with one field broken, so it must still be refused.
      const broken = keys
        .flatMap((key) => WRONG_TYPES.map((wrong) => ({ ...withKey, [key]: wrong })))
        .find((value) => refuses(schema, value));
      if (broken) ifRefused(`${label} and a wrong field`, broken);
    }
  }

  // Not an object, not JSON, not sent as JSON.
  for (const value of [[], [base], 42, 'fuzz', true, null])
    ifRefused(`the body ${JSON.stringify(value).slice(0, 40)}`, value);
  for (const text of ['{"fuzz":', '{', '', 'fuzz', '{"a":1}}', 'NaN', "{'a':1}"])
    always(`the text ${JSON.stringify(text)} as JSON`, text);
  if (refuses(schema, undefined)) requests.push({ label: 'no body', payload: undefined });
  requests.push({
    label: 'an XML content type',
    payload: JSON.stringify(base),
    contentType: 'application/xml',
  });
  // Fastify reads text/plain as a string, which no object schema takes.
  if (refuses(schema, JSON.stringify(base)))
    requests.push({
      label: 'JSON sent as text/plain',
      payload: JSON.stringify(base),
      contentType: 'text/plain',
    });

  return { base: sampled, requests };
}

/**
 * The object inside a field's sample the fuzz goes one level into: the field's own value when it is
 * an object, or the first element of an array of objects; `with` puts a changed copy back.
 */
function nestedOf(
  field: z.ZodType,
  value: unknown,
):
  | {
      shape: Record<string, z.ZodType>;
      value: Record<string, unknown>;
      index?: number;
      with: (v: unknown) => unknown;
    }
  | undefined {
  const inner = unwrap(field);
  if (isPlainObject(value)) {
    const shape = shapeOf(inner);
    return shape && { shape, value, with: (v) => v };
  }
  if (Array.isArray(value) && isPlainObject(value[0])) {
    const rest = (value as unknown[]).slice(1);
    const element = defOf(inner).element;
    const shape = element && shapeOf(element);
    return shape && { shape, value: value[0], index: 0, with: (v) => [v, ...rest] };
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------
// Query strings

type Query = Record<string, string | string[]>;

function queryText(query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  return params.toString();
}

function queryPlan(schema: z.ZodType): FuzzPlan {
  const sampled = sampleOf(schema);
  const base: Record<string, string> = {};
  // As a client writes them: 12, true, a string as it is.
  if (isPlainObject(sampled))
    for (const [k, v] of Object.entries(sampled))
      if (v !== undefined) base[k] = typeof v === 'string' ? v : JSON.stringify(v);
  const keys = Object.keys(shapeOf(schema) ?? {});
  const requests: FuzzRequest[] = [];
  // The query as Fastify hands it to the schema: repeated keys become arrays, "__proto__" an own key.
  const refusesQuery = (query: Query) => refuses(schema, { ...parseQuery(queryText(query)) });
  const ifRefused = (label: string, query: Query) => {
    if (refusesQuery(query)) requests.push({ label, query: queryText(query) });
  };

  for (const key of keys) {
    for (const wrong of WRONG_QUERY_VALUES)
      ifRefused(`${key}=${JSON.stringify(wrong)}`, { ...base, [key]: wrong });
    const v = base[key] ?? '1';
    ifRefused(`${key} twice`, { ...base, [key]: [v, v] });
    ifRefused(`${key}=1&${key}=2`, { ...base, [key]: ['1', '2'] });
    if (key in base) {
      const { [key]: _gone, ...rest } = base;
      ifRefused(`${key} missing`, rest);
    }
    ifRefused(`${key}: ${HUGE_QUERY_VALUE.length} digits`, { ...base, [key]: HUGE_QUERY_VALUE });
  }
  for (const extra of ['__proto__', 'constructor', 'prototype', `__proto__[${POLLUTION_MARK}]`]) {
    const withKey = { ...base, [extra]: 'yes' };
    if (refusesQuery(withKey)) ifRefused(`a ${extra} key`, withKey);
    else {
      // A schema that drops unknown keys takes it: sent with one field broken, so it must still be refused.
      const broken = keys
        .flatMap((key) => WRONG_QUERY_VALUES.map((wrong) => ({ ...withKey, [key]: wrong })))
        .find(refusesQuery);
      if (broken) ifRefused(`a ${extra} key and a wrong field`, broken);
    }
  }
  return { base: refuses(schema, base) ? NONE : base, requests };
}
