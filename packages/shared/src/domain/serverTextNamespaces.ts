/**
 * The locale namespaces (apps/web/src/i18n/locales/<lang>/<ns>.json) that hold the server's own texts
 * (decision 0107): alert, data-break and failure-notice messages and the Sentinel and push test texts
 * (serverAlerts), the sanitisation and verification reports' PDFs (serverReports), the invoice's PDF and e-mail
 * (serverInvoices), account e-mails (serverMail: the first login of an account staff registered, a new
 * staff account), and the codes and usernames sent by SMS or e-mail (serverCodes: phone confirmation,
 * password reset, forgotten username).
 * They sit with the web app's texts so translators edit them in the same editor, but no web feature
 * loads them: the server seeds them like the rest and words its messages with them. Each file's one
 * top-level key is its namespace, so every row's key starts with it ("serverAlerts.alert.above").
 */
export const SERVER_TEXT_NAMESPACES = [
  'serverAlerts',
  'serverReports',
  'serverInvoices',
  'serverMail',
  'serverCodes',
] as const;

export type ServerTextNamespace = (typeof SERVER_TEXT_NAMESPACES)[number];
