// The audit feature's public surface: its page (listed in app/features.ts).
export { auditPages } from './pages';
