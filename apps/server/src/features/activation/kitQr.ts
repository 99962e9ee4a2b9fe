import type { KitKind } from '@emberwatch/shared/contracts/activation';
import { renderSVG } from 'uqr';

/**
 * Where a kit's QR code leads: the web app's activation page with the code filled in (spec doc 1 §2
 * routes `/activation?code1={id}` for a system, `?code2={id}` for probes). The address is the
 * server's public one (PUBLIC_URL), not whatever the admin's browser uses: a label outlives the
 * session that printed it.
 */
export function activationUrl(publicUrl: string, kind: KitKind, code: string): string {
  return `${publicUrl}/activation?${kind === 'system' ? 'code1' : 'code2'}=${encodeURIComponent(code)}`;
}

/** The QR code as an SVG document (medium error correction: labels get scuffed). */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: 'M', border: 2, pixelSize: 8 });
}
