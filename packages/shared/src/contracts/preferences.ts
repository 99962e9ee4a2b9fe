import { z } from 'zod';

/** Spec doc 3 §9: supported languages, default en. */
export const LANGUAGES = ['en', 'fr', 'de', 'fi', 'hr', 'it', 'nl', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Spec doc 1 §9. */
export const DATE_FORMATS = ['dd/MM/yyyy', 'd/M/yyyy', 'd.M.yyyy', 'MM/dd/yyyy', 'M/d/yyyy'] as const;
export const TIME_FORMATS = ['HH:mm', 'hh:mm a'] as const;
export const MEASUREMENTS_PER_DAY = [2, 4, 8, 12, 24] as const;

/** Temperature settings are stored in °C; spec doc 1 §5: range 0–100 °C (20–220 °F in the UI). */
const celsiusSetting = z.number().min(0).max(100);

export const uiPreferencesSchema = z.strictObject({
  language: z.enum(LANGUAGES),
  degrees: z.enum(['C', 'F']),
  date_format: z.enum(DATE_FORMATS),
  time_format: z.enum(TIME_FORMATS),
  safety_alert: celsiusSetting,
  temperature_alert: celsiusSetting,
  include_exceptions: z.boolean(),
  include_sensor_data: z.boolean(),
  measurements_per_day: z.union(MEASUREMENTS_PER_DAY.map((n) => z.literal(n))),
  chart_scale: z
    .tuple([celsiusSetting, celsiusSetting])
    .refine(([lo, hi]) => lo < hi, 'chart_scale minimum must be below its maximum'),
  color_steps: z
    .array(celsiusSetting)
    .length(5, 'color_steps needs exactly 5 values')
    .refine((s) => s.every((v, i) => i === 0 || v >= (s[i - 1] ?? v)), 'color_steps must not decrease'),
  handle_temp_enabled: z.boolean(),
});
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;

/** Spec doc 1 §9 and doc 3 §9 defaults: colour steps 0/40/60/80/100, chart 20–80, alert 45, safety 65. */
export const DEFAULT_UI_PREFERENCES: UiPreferences = {
  language: 'en',
  degrees: 'C',
  date_format: 'd.M.yyyy',
  time_format: 'HH:mm',
  safety_alert: 65,
  temperature_alert: 45,
  include_exceptions: false,
  include_sensor_data: true,
  measurements_per_day: 4,
  chart_scale: [20, 80],
  color_steps: [0, 40, 60, 80, 100],
  handle_temp_enabled: false,
};

/** A partial update; the server merges it over the stored preferences and validates the result. */
export const uiPrefsRequestSchema = z.strictObject({
  prefs: uiPreferencesSchema.partial(),
  UID: z.coerce.number().int().positive().optional(),
});
export type UiPrefsRequest = z.infer<typeof uiPrefsRequestSchema>;
