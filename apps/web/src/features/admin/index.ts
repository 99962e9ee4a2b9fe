// The admin console's public surface: other features use nothing of it; its home page is declared in
// pages.tsx, and the admin pages it lists declare themselves there (PageDefinition.adminTool).
export {};
