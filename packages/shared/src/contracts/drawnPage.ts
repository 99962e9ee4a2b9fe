/**
 * A page the server drew (decision 0174) is on screen before the app's code has run, and a tap on one of
 * its controls then would do nothing: this script, in the page's head (allowed by its hash in the
 * script policy), keeps each tap on a control of the app's root until the app takes the page over; the
 * app then taps each again once its element is the app's (web: lib/earlyTaps.ts). A tap on a link is
 * left alone: the browser follows it. `window.__ewTaps()` stops it and hands over what it kept.
 */
export const EARLY_TAPS_SCRIPT =
  "(function(){var q=[];function h(e){var t=e.target;if(!(t instanceof Element)||t.closest('a[href]'))return;" +
  "var c=t.closest('button,input,select,textarea,label,summary,[role=button],[role=tab],[role=option],[role=menuitem],[role=checkbox],[role=switch],[role=combobox]');" +
  "if(!c||!c.closest('#root'))return;e.preventDefault();e.stopPropagation();q.push(c)}" +
  "document.addEventListener('click',h,true);" +
  "window.__ewTaps=function(){document.removeEventListener('click',h,true);return q}})();";
