import { z } from 'zod';

/** The answer of a change that returns nothing else (status_code 0 = success, spec doc 1 §3). */
export const statusOkSchema = z.object({ status_code: z.literal(0) });
export type StatusOk = z.infer<typeof statusOkSchema>;
