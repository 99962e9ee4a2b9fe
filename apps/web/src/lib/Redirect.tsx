import { Navigate } from 'react-router';
import { noteRedirect } from './renderContext';

/**
 * Sends the browser on to `to` in place of this page (react-router's `<Navigate replace>`). A page the
 * server draws (decision 0174) answers it as an HTTP redirect instead, so that the browser asks for the
 * page it leads to and gets that page drawn — `/` leads to the role's first page — rather than a frame
 * the browser fills after its scripts.
 */
export function Redirect({ to }: { to: string }) {
  // On the server the answer is the redirect, and the page is not sent: nothing to draw (react-router's
  // static router would only warn that it cannot navigate).
  if (noteRedirect(to)) return null;
  return <Navigate to={to} replace />;
}
