import type { AccessToken } from './session.js';

/**
 * What the server and the web app's server build agree on for a page drawn on the server (decision
 * 0174): the cookies that say for which browser it is drawn, the element that carries its state, what
 * the server build is given and what it answers.
 */

/** The browser's time zone (IANA), which the app writes at a login and after a start. */
export const TIME_ZONE_COOKIE = 'tz';
/** The browser's screen: its width in CSS pixels, "r" after it if it asks for less motion ("412r"). */
export const SCREEN_COOKIE = 'ew_screen';
/** The id of the JSON script element that carries the drawn page's state to the browser. */
export const DRAWN_STATE_ID = 'ew-state';

/** What the server gives the web app's server build (`renderPage`) for one page. */
export interface PageRenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** A fresh access token of the viewer (the page cookie named them). */
  token: AccessToken;
  /** The server's own API, called in process. */
  fetch: typeof fetch;
  /** The request's Cookie header: the browser's remembered station, screen and language. */
  cookies: string;
  /** The browser's time zone (its TIME_ZONE_COOKIE): times are drawn on the reader's clock. */
  timeZone: string;
  nowMs: number;
}

/** What it answers for a page it drew. */
export interface PageRenderResult<State = unknown> {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** What goes at the end of the head: the page's Emotion styles (MUI's). */
  head: string;
  /** What the browser takes the page over with, in the DRAWN_STATE_ID element. */
  state: State;
  /** The language the page is drawn in (the user's interface language): the document's `lang`. */
  lang: string;
}

/**
 * What it answers for a page that sends the browser on (a redirect in place of the page: `/` to the
 * role's first page, `/account` to its first tab): the path the browser is to ask for instead.
 */
export interface PageRedirect {
  redirect: string;
}

/** Whether a server render's answer is a redirect rather than a page. */
export function isPageRedirect(answer: object): answer is PageRedirect {
  return 'redirect' in answer;
}

/**
 * A page the server drew (decision 0174) is on screen before the app's code has run, and each part of it
 * becomes the app's (is hydrated) only as its code arrives: a tap on a control before then would do
 * nothing, and text typed into a field would be lost when the app takes the field over. This script, in
 * the page's head (allowed by its hash in the script policy), keeps each tap on a control of the app's
 * root that React does not own yet, and the last text typed into each such field; the app taps each
 * again, and gives each field its text, once its element is React's (web: lib/earlyTaps.ts). A tap on a
 * link is left alone: the browser follows it. `window.__ewTaps` holds the kept controls (`kept`), the
 * fields typed into with their text (`typed`), whether the user pressed or typed anything on the page
 * (`acted`: a window that opens by itself then does not, decision 0175), and lets the app be told of
 * each new tap or text (`wake`).
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var q=[],f=[],w=null;' +
  "function own(c){for(var k in c)if(k.indexOf('__reactFiber$')===0)return true;return false}" +
  "function h(e){var t=e.target;if(!(t instanceof Element)||t.closest('a[href]'))return;" +
  "var c=t.closest('button,input,select,textarea,label,summary,[role=button],[role=tab],[role=option],[role=menuitem],[role=checkbox],[role=switch],[role=combobox]');" +
  "if(!c||!c.closest('#root')||own(c))return;if((c instanceof HTMLInputElement&&/^(text|search|email|tel|url|password|number|)$/.test(c.type))||c instanceof HTMLTextAreaElement)return;" +
  'e.preventDefault();e.stopPropagation();q.push(c);if(w)w()}' +
  "function i(e){var t=e.target;if(!(t instanceof HTMLInputElement||t instanceof HTMLTextAreaElement)||!t.closest('#root')||own(t))return;" +
  'for(var n=0;n<f.length;n++)if(f[n].el===t){f[n].text=t.value;if(w)w();return}f.push({el:t,text:t.value});if(w)w()}' +
  "document.addEventListener('click',h,true);document.addEventListener('input',i,true);" +
  'var k=window.__ewTaps={kept:q,typed:f,acted:false,wake:function(x){w=x}};' +
  "function m(){k.acted=true}document.addEventListener('pointerdown',m,true);document.addEventListener('keydown',m,true)})();";
