/**
 * A page the server drew (decision 0174) is on screen before the app's code has run, and each part of it
 * becomes the app's (is hydrated) only as its code arrives: a tap on a control before then would do
 * nothing. This script, in the page's head (allowed by its hash in the script policy), keeps each tap on
 * a control of the app's root that React does not own yet; the app taps each again once its element is
 * React's (web: lib/earlyTaps.ts). A tap on a link is left alone: the browser follows it.
 * `window.__ewTaps` holds the kept controls (`kept`) and lets the app be told of each new one (`wake`).
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var q=[],w=null;' +
  "function own(c){for(var k in c)if(k.indexOf('__reactFiber$')===0)return true;return false}" +
  "function h(e){var t=e.target;if(!(t instanceof Element)||t.closest('a[href]'))return;" +
  "var c=t.closest('button,input,select,textarea,label,summary,[role=button],[role=tab],[role=option],[role=menuitem],[role=checkbox],[role=switch],[role=combobox]');" +
  "if(!c||!c.closest('#root')||own(c))return;e.preventDefault();e.stopPropagation();q.push(c);if(w)w()}" +
  "document.addEventListener('click',h,true);" +
  'window.__ewTaps={kept:q,wake:function(f){w=f}}})();';
