// The sentinel feature's public surface: the test-call button the storage's alert messaging shows
// beside its Sentinel switch.
export { SentinelTestButton } from './SentinelTestButton';
