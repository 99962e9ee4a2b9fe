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
 * Session storage's key of the customer an admin works for in a tab (web: features/base-stations/
 * actingFor.ts, decision 0088): a choice of the tab, which the server does not know when it draws a page.
 */
export const ACTING_FOR_KEY = 'emberwatch.actingFor';

/** The document's attribute that says the drawn page is not the tab's view: the app draws it anew. */
export const REDRAW_ATTRIBUTE = 'data-ew-redraw';

/**
 * The loading look of index.html and ui/LoadingIndicator (decision 0152), shown in place of a drawn page
 * that the app is to draw anew.
 */
const LOADING_HTML =
  '<div class="ew-loading ew-loading--full-page" aria-hidden="true"><span class="ew-spinner">' +
  '<svg viewBox="22 22 44 44" width="40" height="40"><circle cx="44" cy="44" r="20.2" fill="none" stroke-width="3.6" /></svg>' +
  '</span></div>';

/**
 * A page is drawn for an admin as the admin's own view, but an admin working for a customer in this tab
 * (ACTING_FOR_KEY) sees the customer's, which the server cannot draw: the choice is the tab's. This
 * script, first in the page's head, then keeps the drawn page from ever being shown — the root is hidden
 * before the first paint and holds the loading look once parsed — and marks the document
 * (REDRAW_ATTRIBUTE), which tells the app to draw the page itself (web: main.tsx) rather than take over
 * another view than the tab's.
 */
export const REDRAW_FOR_ACTING_SCRIPT =
  `(function(){try{if(!sessionStorage.getItem('${ACTING_FOR_KEY}'))return}catch(e){return}` +
  `document.documentElement.setAttribute('${REDRAW_ATTRIBUTE}','');` +
  "var s=document.createElement('style');s.textContent='#root{visibility:hidden}';document.head.appendChild(s);" +
  "document.addEventListener('DOMContentLoaded',function(){var r=document.getElementById('root');" +
  `if(r)r.innerHTML='${LOADING_HTML}';s.remove()},{once:true})})();`;

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

/** The drawn page's one inline script, first in its head (allowed by its hash in the script policy). */
export const DRAWN_PAGE_SCRIPT = REDRAW_FOR_ACTING_SCRIPT + EARLY_TAPS_SCRIPT;
