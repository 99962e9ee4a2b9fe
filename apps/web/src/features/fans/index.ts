// The fans feature's public surface: a controller's status and manual commands, and the words of a
// fan decision, for the monitors' and storages' views to show.
export { FanControllerPanel } from './FanControllerPanel';
export { FanChannelCard } from './FanChannelCard';
export { fanExplanation, cycleProgress } from './fanExplanation';
export { FAN_KEY, fanQueryConcerns, useAccountFcItems, useRunScheduler } from './fanQueries';
// The settings RC tab, and the scheduler fields the monitor editor's fan rule dialog shares.
export { RcSettingsTab, useRcUnits } from './RcSettingsTab';
export { FanSchedulerFields, type FanSchedule } from './FanSchedulerFields';
export { RcEventTable } from './RcEventTable';
