import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyTaps, type TapKeeper as Keeper } from '../src/lib/earlyTaps';

// Decision 0174: a tap or text the page's own script kept (shared contract EARLY_TAPS_SCRIPT) is made
// again once React owns its control, also when React drew the control anew after its fallback.

let root: HTMLDivElement;
let keeper: Keeper;

beforeEach(() => {
  vi.useFakeTimers();
  root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  keeper = { kept: [], typed: [], acted: false, wake: () => {} };
  (window as unknown as { __ewTaps?: Keeper }).__ewTaps = keeper;
});

afterEach(() => {
  vi.useRealTimers();
  root.remove();
  delete (window as unknown as { __ewTaps?: Keeper }).__ewTaps;
});

/** Marks an element React's, as hydration does. */
function own(element: Element): void {
  (element as unknown as Record<string, unknown>)['__reactFiber$test'] = {};
}

/** A drawn button in the root and the clicks that reach it. */
function drawnButton(text: string, testId?: string): { button: HTMLButtonElement; clicks: number[] } {
  const button = document.createElement('button');
  button.textContent = text;
  if (testId) button.setAttribute('data-testid', testId);
  root.append(button);
  const clicks: number[] = [];
  button.addEventListener('click', () => clicks.push(Date.now()));
  return { button, clicks };
}

describe('a kept tap', () => {
  it('is made once its control is the app’s, not before', () => {
    const { button, clicks } = drawnButton('Add user');
    keeper.kept.push(button);
    replayEarlyTaps();
    vi.advanceTimersByTime(1_000);
    expect(clicks).toHaveLength(0);
    own(button);
    vi.advanceTimersByTime(100);
    expect(clicks).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(clicks).toHaveLength(1);
    expect(keeper.kept).toEqual([]);
  });

  it.each([undefined, 'add-user'])(
    'follows a control React drew anew after its fallback (test id %s)',
    (testId) => {
      const { button } = drawnButton('Add user', testId);
      keeper.kept.push(button);
      replayEarlyTaps();
      // React dropped the drawn part (an update reached it before its code) and shows its fallback.
      button.remove();
      vi.advanceTimersByTime(2_000);
      const again = drawnButton('Add user', testId);
      own(again.button);
      vi.advanceTimersByTime(100);
      expect(again.clicks).toHaveLength(1);
    },
  );

  it('is dropped when its control does not come back within 15 s', () => {
    const { button } = drawnButton('Add user');
    keeper.kept.push(button);
    replayEarlyTaps();
    button.remove();
    vi.advanceTimersByTime(15_100);
    expect(keeper.kept).toEqual([]);
    const late = drawnButton('Add user');
    own(late.button);
    vi.advanceTimersByTime(1_000);
    expect(late.clicks).toHaveLength(0);
  });

  it('is made in order, a later tap after the earlier one', () => {
    const first = drawnButton('Add user');
    const second = drawnButton('Save');
    keeper.kept.push(first.button, second.button);
    replayEarlyTaps();
    own(second.button);
    vi.advanceTimersByTime(500);
    expect(second.clicks).toHaveLength(0);
    own(first.button);
    vi.advanceTimersByTime(200);
    expect(first.clicks).toHaveLength(1);
    expect(second.clicks).toHaveLength(1);
    expect(first.clicks[0]).toBeLessThanOrEqual(second.clicks[0]!);
  });
});

describe('text typed into a drawn field', () => {
  function drawnField(testId: string): { field: HTMLInputElement; changes: string[] } {
    const field = document.createElement('input');
    field.setAttribute('data-testid', testId);
    root.append(field);
    const changes: string[] = [];
    field.addEventListener('input', () => changes.push(field.value));
    return { field, changes };
  }

  it('is the field’s, with an input event, once the field is the app’s', () => {
    const { field, changes } = drawnField('api-test-key');
    field.value = 'ewk_typed';
    keeper.typed.push({ el: field, text: 'ewk_typed' });
    replayEarlyTaps();
    vi.advanceTimersByTime(500);
    expect(changes).toEqual([]);
    own(field);
    vi.advanceTimersByTime(100);
    expect(changes).toEqual(['ewk_typed']);
    // Watched a second for React drawing it again empty, then left to the user.
    vi.advanceTimersByTime(1_000);
    expect(keeper.typed).toEqual([]);
    expect(changes).toEqual(['ewk_typed']);
  });

  it('is given again when React draws the field again empty right after (the event reached no handler)', () => {
    const { field, changes } = drawnField('station-picker');
    keeper.typed.push({ el: field, text: 'North barn' });
    replayEarlyTaps();
    own(field);
    vi.advanceTimersByTime(60);
    expect(changes).toEqual(['North barn']);
    // React draws its controlled field again with its own value: the text had not reached its onChange.
    field.value = '';
    vi.advanceTimersByTime(60);
    expect(field.value).toBe('North barn');
    expect(changes).toEqual(['North barn', 'North barn']);
    // Held this time: given up watching a second later, and never given again.
    vi.advanceTimersByTime(1_100);
    expect(keeper.typed).toEqual([]);
    field.value = '';
    vi.advanceTimersByTime(1_000);
    expect(changes).toHaveLength(2);
  });

  it('is left to the user once it held, or the user typed on', () => {
    const { field, changes } = drawnField('station-picker');
    keeper.typed.push({ el: field, text: 'North' });
    replayEarlyTaps();
    own(field);
    vi.advanceTimersByTime(60);
    field.value = 'North barn';
    vi.advanceTimersByTime(60);
    expect(keeper.typed).toEqual([]);
    expect(field.value).toBe('North barn');
    expect(changes).toEqual(['North']);
  });

  it('is given to the field React drew anew after its fallback', () => {
    const { field } = drawnField('api-test-key');
    keeper.typed.push({ el: field, text: 'ewk_typed' });
    replayEarlyTaps();
    field.remove();
    vi.advanceTimersByTime(3_000);
    const again = drawnField('api-test-key');
    own(again.field);
    vi.advanceTimersByTime(100);
    expect(again.field.value).toBe('ewk_typed');
    expect(again.changes).toEqual(['ewk_typed']);
  });

  it('is given up when its field does not come back within 15 s', () => {
    const { field } = drawnField('api-test-key');
    keeper.typed.push({ el: field, text: 'ewk_typed' });
    replayEarlyTaps();
    field.remove();
    vi.advanceTimersByTime(15_200);
    expect(keeper.typed).toEqual([]);
  });
});
