// The admin console's public surface: what the shell needs to draw the admin bar (decision 0181). The
// bar itself (./AdminBar) the shell loads on demand, so that no one but an admin downloads it. Its home
// page is declared in pages.tsx, and the admin pages it lists declare themselves there
// (PageDefinition.adminTool).
export { useAdminBarReady } from './useAdminBarReady';
