import {
  DEFAULT_UI_PREFERENCES,
  LANGUAGES,
  uiPreferencesSchema,
  type UiPreferences,
} from '@emberwatch/shared/contracts/preferences';
import { invalidFromZod } from '../../http/invalidFromZod.js';
import type { PreferencesRepository } from './preferences.repository.js';

/**
 * ui_preferences: stored as JSON; anything missing or no longer valid falls back to the spec's
 * defaults (spec doc 1 §4: missing preferences are filled with defaults).
 */
export class PreferencesService {
  constructor(
    private readonly repo: PreferencesRepository,
    private readonly nowS: () => number,
  ) {}

  async get(userId: number): Promise<UiPreferences> {
    const raw = await this.repo.find(userId);
    if (!raw) return { ...DEFAULT_UI_PREFERENCES };
    let stored: Record<string, unknown> = {};
    try {
      stored = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return { ...DEFAULT_UI_PREFERENCES };
    }
    const merged: Record<string, unknown> = { ...DEFAULT_UI_PREFERENCES };
    for (const key of Object.keys(DEFAULT_UI_PREFERENCES)) {
      const candidate = { ...merged, [key]: stored[key] };
      if (stored[key] !== undefined && uiPreferencesSchema.safeParse(candidate).success)
        merged[key] = stored[key];
    }
    return merged as UiPreferences;
  }

  /**
   * The language the user chose in the settings, if they ever did (the default does not count): what
   * messages sent to them (alerts, codes) are worded in; without it, the account's language.
   */
  async chosenLanguage(userId: number): Promise<string | null> {
    const raw = await this.repo.find(userId);
    return raw === undefined ? null : languageIn(raw);
  }

  /** The language each of these users chose (users who chose none are left out): one read for many. */
  async chosenLanguages(userIds: readonly number[]): Promise<Map<number, string>> {
    const chosen = new Map<number, string>();
    for (const row of await this.repo.findMany(userIds)) {
      const language = languageIn(row.prefs);
      if (language !== null) chosen.set(row.user_id, language);
    }
    return chosen;
  }

  /** Merges a partial change over the stored preferences; an invalid result changes nothing. */
  async update(userId: number, change: Partial<UiPreferences>): Promise<UiPreferences> {
    const next = { ...(await this.get(userId)), ...change };
    const parsed = uiPreferencesSchema.safeParse(next);
    if (!parsed.success) throw invalidFromZod(parsed.error, 'prefs');
    await this.repo.save(userId, JSON.stringify(parsed.data), this.nowS());
    return parsed.data;
  }
}

/** The language stored preferences name, when it is one the product has. */
function languageIn(raw: string): string | null {
  try {
    const language = (JSON.parse(raw) as { language?: unknown }).language;
    return typeof language === 'string' && (LANGUAGES as readonly string[]).includes(language)
      ? language
      : null;
  } catch {
    return null;
  }
}
