/**
 * The limits of fakeSmsReplyRequestSchema (the contract), checked here without zod, which the web
 * build keeps out of the browser: a number of 8–20 characters and a reply of 1–160, both trimmed.
 */
export function isSendableReply(from: string, body: string): boolean {
  const f = from.trim().length;
  const b = body.trim().length;
  return f >= 8 && f <= 20 && b >= 1 && b <= 160;
}
