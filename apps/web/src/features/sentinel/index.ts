// The sentinel feature's public surface: the test-call button the storage's alert messaging shows
// beside its Sentinel switch, and the target's setup on the Alert channels page.
export { SentinelTestButton } from './SentinelTestButton';
export { SentinelTargetSection } from './SentinelTargetSection';
