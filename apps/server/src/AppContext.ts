import type { Config } from './config.js';
import type { Store } from './db/createDatabase.js';
import type { BaseStationRepository } from './features/base-stations/baseStation.repository.js';
import type { IngestService } from './features/ingest/ingest.service.js';
import type { PreferencesService } from './features/preferences/preferences.service.js';
import type { ProbeConfigService } from './features/probes/probeConfig.service.js';
import type { ProbeDataService } from './features/probes/probeData.service.js';
import type { LatestReadingsService } from './features/readings/latestReadings.service.js';
import type { ReadingRepository } from './features/readings/reading.repository.js';
import type { AccessTokenSigner } from './features/sessions/accessToken.js';
import type { SessionService } from './features/sessions/session.service.js';
import type { AccessService } from './features/users/access.service.js';
import type { UserRepository } from './features/users/user.repository.js';
import type { EventBus } from './realtime/EventBus.js';

/** Everything a route may use, built once by createServer. */
export interface AppContext {
  config: Config;
  store: Store;
  nowS: () => number;
  bus: EventBus;
  users: UserRepository;
  stations: BaseStationRepository;
  readings: ReadingRepository;
  latest: LatestReadingsService;
  access: AccessService;
  signer: AccessTokenSigner;
  sessions: SessionService;
  preferences: PreferencesService;
  ingest: IngestService;
  probeData: ProbeDataService;
  probeConfig: ProbeConfigService;
}
