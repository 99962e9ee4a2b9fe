import { z } from 'zod';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { publicApiEndpoints } from '@emberwatch/shared/contracts/publicApi';
import { apiErrorSchema } from '@emberwatch/shared/contracts/session';
import { API_KEY_RIGHTS } from '@emberwatch/shared/domain/publicApi/apiKeyRights';
import {
  PUBLIC_API_ERROR_CODES,
  PUBLIC_API_ERRORS,
} from '@emberwatch/shared/domain/publicApi/publicApiErrors';

/**
 * The public API's own OpenAPI document (decision 0111), generated from its contracts
 * (contracts/publicApi.ts) alone: the key-authenticated calls, not the app's internal ones (those are
 * at /api/docs). Served at PUBLIC_OPENAPI_PATH and written to docs/public-api.openapi.json by
 * `npm run docs:api`. Its version is the API's: v1 and v2 calls change only by adding.
 */
export const PUBLIC_OPENAPI_PATH = '/api/v1/openapi.json';
export const PUBLIC_API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(query: z.ZodType | undefined) {
  if (!query) return [];
  const json = schemaOf(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

const errorSchema = (() => {
  const json = schemaOf(apiErrorSchema, 'output') as { properties: Record<string, JsonSchema> };
  json.properties.code = { type: 'string', enum: PUBLIC_API_ERROR_CODES };
  return { ...json, required: ['status_code', 'error', 'code'] };
})();

export function publicOpenApi(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(publicApiEndpoints) as [string, Endpoint][]) {
    const scope = API_KEY_RIGHTS.find((r) => r.call === `publicApi.${name}`)?.scope ?? 'read';
    paths[e.path] = {
      [e.method.toLowerCase()]: {
        operationId: name,
        summary: e.summary,
        description:
          scope === 'activate' ? 'Needs a key with the activate scope.' : 'Any key of the account.',
        security: [{ apiKey: [] }],
        parameters: parametersOf(e.query),
        ...(e.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schemaOf(e.body, 'input') } },
              },
            }
          : {}),
        responses: {
          200: {
            description: 'Done.',
            content: {
              'application/json': { schema: schemaOf(e.response, 'output') },
              ...(name === 'getMeasurements' ? { 'text/csv': { schema: { type: 'string' } } } : {}),
            },
          },
          default: {
            description: 'A refusal: `code` is stable (see the error codes below).',
            content: { 'application/json': { schema: errorSchema } },
          },
        },
      },
    };
  }
  const codes = PUBLIC_API_ERROR_CODES.map(
    (c) => `- \`${c}\` (${PUBLIC_API_ERRORS[c].http}): ${PUBLIC_API_ERRORS[c].meaning}`,
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Emberwatch public API',
      version: PUBLIC_API_VERSION,
      description: [
        'Read an account’s stations and probe readings (v1), and activate kits for partner systems (v2), with an API key made on the account page. See docs/public-api.md.',
        '',
        'Error codes:',
        ...codes,
      ].join('\n'),
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    paths,
  };
}
