import type { ReadingRepository } from './reading.repository.js';

/** Longest a cached answer is served without an event: self-heals a missed invalidation. */
const MAX_AGE_MS = 5_000;
const MAX_STATIONS = 10_000;

interface Entry {
  json: string;
  until: number;
}

/**
 * The latest readings of a station as JSON text, cached per station. The probe list asks for them on
 * every page view and every push, and they only change when a commit emits `newData` for the station
 * (ingest, corrections, transfers; from another instance through the PostgreSQL relay): the event
 * drops the entry. A query that raced an event is not cached, so the cache never keeps older data
 * than the store after the event.
 */
export class LatestReadingsService {
  private readonly cache = new Map<string, Entry>();
  /** Bumped by every event naming the station. */
  private readonly versions = new Map<string, number>();

  constructor(private readonly repo: ReadingRepository) {}

  /** On `newData` for these stations (the readings feature subscribes it). */
  forgetStations(bsIds: readonly string[]): void {
    for (const id of bsIds) {
      this.cache.delete(id);
      this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    }
  }

  /** The `results` array of /client/data as JSON text. */
  async resultsJson(bsId: string): Promise<string> {
    const now = Date.now();
    const hit = this.cache.get(bsId);
    if (hit && hit.until > now) return hit.json;
    const version = this.versions.get(bsId) ?? 0;
    const json = JSON.stringify(await this.repo.latestForStation(bsId));
    if ((this.versions.get(bsId) ?? 0) === version) {
      if (this.cache.size >= MAX_STATIONS) this.cache.clear();
      this.cache.set(bsId, { json, until: now + MAX_AGE_MS });
    }
    return json;
  }
}
