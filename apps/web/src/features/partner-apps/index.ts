// The partner-apps feature's public surface (decisions 0116-0118): the entry pages /gari and
// /haytechapp and the /SAV-{product} support pages are mounted by the app's routes from their own
// files; the shell puts the partner users' area guard around its pages.
export { PartnerAreaGuard } from './PartnerAreaGuard';
