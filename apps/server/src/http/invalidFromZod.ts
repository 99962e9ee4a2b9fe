import type { z } from 'zod';
import { ApiError } from './ApiError.js';

/**
 * The first problem zod found, as the 400 the API answers: "path: message" and the dotted path, so a
 * client (or a base station's log) can tell exactly which field was wrong. `prefix` names the part of
 * the request the schema checked ("prefs").
 */
export function invalidFromZod(error: z.ZodError, prefix = '', fallback = 'invalid request'): ApiError {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path.map(String) ?? [])].filter(Boolean).join('.');
  const message = issue?.message ?? fallback;
  return ApiError.invalid(path ? `${path}: ${message}` : message, path);
}
