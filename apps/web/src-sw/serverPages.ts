/**
 * Addresses a browser may open that are the server's, not the app's: the e-mail's acknowledgement page,
 * the health checks, the stations' and controllers' calls, and any file (a name with an extension).
 * The service worker never answers these with the app's index.html.
 */
export const SERVER_PAGES: RegExp[] = [
  /^\/(?:delivery|health|ready|ingest|fc|ws)(?:[/?]|$)/,
  /\/[^/?]+\.[^/?]+(?:\?.*)?$/,
];
