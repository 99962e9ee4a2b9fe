import type { z } from 'zod';
import { ApiError } from './ApiError.js';

/** Parses query or body with a zod schema; the first problem becomes a clear 400. */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  throw ApiError.invalid(path ? `${path}: ${issue?.message}` : (issue?.message ?? 'invalid request'), path);
}
