import { drawnPart } from '../../lib/lazyWithPreload';

// The master-access feature's public surface: the top bar's request button and its dialog, and the
// farm's list of its masters (the account area shows it).
export { MasterRequests } from './MasterRequests';

/**
 * Loaded on its own (decision 0159): the shell imports this file for the top bar's button, and a static
 * export here would put the account page's list (its text fields, chips and alerts) in the shell's file.
 * The account page fetches it as soon as its own code is here (UsersTab.tsx).
 */
export const AccountMasters = drawnPart('AccountMasters', () =>
  import('./AccountMasters').then((m) => ({ default: m.AccountMasters })),
);
