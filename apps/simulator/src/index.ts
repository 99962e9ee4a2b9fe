// Library entry: the benchmark and tests reuse the generator and the client without the CLI.
export {
  alignDown,
  alignUp,
  buildPackets,
  countTicks,
  DEFAULT_PACKET_SIZE,
  generatePackets,
  stationPackets,
} from './buildPackets.js';
export type { BuildPacketsOptions, PacketJob } from './buildPackets.js';
export { compostModel, compostProfile, compostTemperatures, compostTurnsBetween } from './compostModel.js';
export { createLogger, silentLogger } from './createLogger.js';
export type { Logger } from './createLogger.js';
export { FaultInjector, NO_FAULTS } from './FaultInjector.js';
export type { FaultRates } from './FaultInjector.js';
export { grainModel, grainProfile, grainTemperatures } from './grainModel.js';
export { hashSeed } from './hashSeed.js';
export { hayModel, hayProfile, hayTemperatures } from './hayModel.js';
export { IngestClient, INGEST_PATH } from './IngestClient.js';
export type { IngestClientOptions, IngestStats, SendOutcome, StationCredential } from './IngestClient.js';
export { loadStationsConfig, parseStationsConfig } from './loadStationsConfig.js';
export type { ProbeConfig, StationConfig, StationsConfig } from './loadStationsConfig.js';
export { mulberry32 } from './mulberry32.js';
export { MATERIALS, probeCurve } from './probeCurve.js';
export type { Material, ProbeCurve } from './probeCurve.js';
export { radioModel } from './radioModel.js';
export { runBackfill } from './runBackfill.js';
export type { BackfillOptions, BackfillResult } from './runBackfill.js';
export { runLive } from './runLive.js';
export type { LiveOptions, LiveResult } from './runLive.js';
export { sendRound } from './sendRound.js';
export { StationSimulator } from './StationSimulator.js';
export { FanControllerSimulator, POLL_PATH } from './FanControllerSimulator.js';
export type { FanControllerOptions, PollOutcome } from './FanControllerSimulator.js';
