// The admin console's public surface: the admin bar the shell shows admins on every page (loaded
// lazily, so no one else downloads it). Its home page is declared in pages.tsx, and the admin pages
// it lists declare themselves there (PageDefinition.adminTool).
export { AdminBar } from './AdminBar';
