import { useEffect, useState, type RefObject } from 'react';

/**
 * The width of an element in CSS pixels, rounded down to `step` so that a resize of a few pixels
 * does not re-render (or refetch) anything. `fallback` is used until the element is measured
 * (and in environments without layout, like jsdom).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number, step = 50): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth / step) * step;
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, step]);
  return width;
}
