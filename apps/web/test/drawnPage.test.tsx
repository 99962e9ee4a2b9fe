import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isShellPage } from '../src/app/shellPage';
import { DRAWN_STATE_ID } from '@emberwatch/shared/contracts/drawnPage';
import { takeHydrationState } from '../src/app/hydrationState';
import { liftEmotionStyles } from '../src/lib/liftEmotionStyles';
import {
  noteRedirect,
  pinRenderClock,
  renderNowMs,
  screenCookieValue,
  screenOf,
  serverMatchMedia,
  setRenderRequest,
  takeRedirect,
} from '../src/lib/renderContext';
import { useNowSeconds } from '../src/lib/useNowSeconds';
import { useDrawnMomentSeconds } from '../src/lib/useDrawnMomentSeconds';

// Decision 0174: what the web app does to be drawn on the server and taken over in the browser.

afterEach(() => {
  setRenderRequest(null);
  pinRenderClock(null);
});

describe('the screen a page is drawn for', () => {
  it.each([
    ['412', { width: 412, reducedMotion: false }],
    ['1280r', { width: 1280, reducedMotion: true }],
    ['', null],
    ['wide', null],
    ['412x', null],
    ['9', null],
  ])('the cookie %j reads as %j', (cookie, screen) => {
    expect(screenOf(cookie)).toEqual(screen);
  });

  it('writes what it reads', () => {
    expect(screenOf(screenCookieValue(412.4, true))).toEqual({ width: 412, reducedMotion: true });
  });

  it.each([
    // MUI's breakpoints.down('sm') and up('sm'), the reduced motion query, and what is not understood.
    ['412', '@media (max-width:599.95px)', true],
    ['1280', '@media (max-width:599.95px)', false],
    ['412', '(min-width:600px)', false],
    ['600', '(min-width:600px)', true],
    ['700', '(min-width:600px) and (max-width:899.95px)', true],
    ['950', '(min-width:600px) and (max-width:899.95px)', false],
    ['412r', '(prefers-reduced-motion: reduce)', true],
    ['412', '(prefers-reduced-motion: reduce)', false],
    ['412', '(orientation: portrait)', false],
    ['412', 'print', false],
  ])('on a screen %s, %s matches: %s', (cookie, query, matches) => {
    setRenderRequest({ cookies: '', screen: screenOf(cookie)!, timeZone: 'UTC', nowMs: Date.now() });
    expect(serverMatchMedia(query)).toEqual({ matches });
  });

  it('without a screen nothing matches', () => {
    expect(serverMatchMedia('(max-width:599.95px)')).toEqual({ matches: false });
  });
});

describe('the pages the server draws', () => {
  it.each([
    ['/probes', true],
    ['/storages/3', true],
    ['/storages/3?tab=2', true],
    ['/settings', true],
    ['/admin/outbox', true],
    ['/login', false],
    ['/login/recover', false],
    ['/master', false],
    ['/gari', false],
    ['/haytechapp', false],
    ['/insight/expired', false],
    ['/SAV-gari', false],
    ['/sav-unknown', false],
  ])('%s: %s', (url, drawn) => {
    expect(isShellPage(url)).toBe(drawn);
  });
});

describe("a drawn page's Emotion styles", () => {
  it('go to the head, the rules of the css key in one element, the global ones each in their own', () => {
    const html =
      '<style data-emotion="css-global 1a">body{margin:0}</style><div>' +
      '<style data-emotion="css 2b">.css-2b{color:red}</style><p class="css-2b">a</p>' +
      '<style data-emotion="css 3c 4d">.css-3c{x:1}.css-4d{y:2}</style><p class="css-3c">b</p></div>';
    expect(liftEmotionStyles(html)).toEqual({
      body: '<div><p class="css-2b">a</p><p class="css-3c">b</p></div>',
      styles:
        '<style data-emotion="css-global 1a">body{margin:0}</style>' +
        '<style data-emotion="css 2b 3c 4d">.css-2b{color:red}.css-3c{x:1}.css-4d{y:2}</style>',
    });
  });

  it('a page without any stays as it is', () => {
    expect(liftEmotionStyles('<p>a</p>')).toEqual({ body: '<p>a</p>', styles: '' });
  });
});

describe('the state a drawn page carries', () => {
  it('is read once, and its element removed', () => {
    const state = {
      token: { accessToken: 't', accessTokenExpiry: 1 },
      nowMs: 5,
      timeZone: 'UTC',
      queries: {},
    };
    const element = document.createElement('script');
    element.id = DRAWN_STATE_ID;
    element.type = 'application/json';
    element.textContent = JSON.stringify(state);
    document.body.append(element);
    expect(takeHydrationState(document)).toEqual(state);
    expect(document.getElementById(DRAWN_STATE_ID)).toBeNull();
    expect(takeHydrationState(document)).toBeNull();
  });

  it('a broken one is none', () => {
    const element = document.createElement('script');
    element.id = DRAWN_STATE_ID;
    element.type = 'application/json';
    element.textContent = '{not json';
    document.body.append(element);
    expect(takeHydrationState(document)).toBeNull();
  });
});

describe("the drawn page's moment", () => {
  it('the ages a page is taken over with are those it was drawn with', () => {
    pinRenderClock(1_700_000_000_500);
    expect(renderNowMs()).toBe(1_700_000_000_500);
    const { result } = renderHook(() => useNowSeconds(20_000));
    expect(result.current).toBe(1_700_000_000);
  });

  it('a read keyed by the drawn moment keeps it for the page’s life, after the clock is let go', () => {
    pinRenderClock(1_700_000_000_500);
    const { result, rerender } = renderHook(() => useDrawnMomentSeconds());
    expect(result.current).toBe(1_700_000_000);
    pinRenderClock(null);
    rerender();
    expect(result.current).toBe(1_700_000_000);
  });

  it('let go, it is the clock', () => {
    const before = Date.now();
    expect(renderNowMs()).toBeGreaterThanOrEqual(before);
    const { result } = renderHook(() => useNowSeconds(20_000));
    expect(result.current).toBeGreaterThanOrEqual(Math.floor(before / 1000));
  });
});

describe('a page that sends the browser on', () => {
  it('says where while the server draws it (the first place it names), once', () => {
    setRenderRequest({ cookies: '', screen: screenOf('412')!, timeZone: 'UTC', nowMs: Date.now() });
    // Said in a server render: the page's Redirect then draws nothing (the answer is the redirect).
    expect(noteRedirect('/storages')).toBe(true);
    expect(noteRedirect('/probes')).toBe(true);
    expect(takeRedirect()).toBe('/storages');
    expect(takeRedirect()).toBeNull();
  });

  it('says nothing in the browser, and a new render forgets the last one’s', () => {
    expect(noteRedirect('/storages')).toBe(false);
    expect(takeRedirect()).toBeNull();
    setRenderRequest({ cookies: '', screen: screenOf('412')!, timeZone: 'UTC', nowMs: Date.now() });
    noteRedirect('/account/users');
    setRenderRequest({ cookies: '', screen: screenOf('412')!, timeZone: 'UTC', nowMs: Date.now() });
    expect(takeRedirect()).toBeNull();
  });
});
