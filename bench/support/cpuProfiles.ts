/**
 * V8 CPU profiles (`.cpuprofile`, the inspector's `Profiler.stop`), read sample by sample: what the web
 * start's profile (bench/web/startProfile.ts) and the web tests' profiles (bench/test-run/summariseProfiles.ts)
 * summarise.
 */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Samples that are no script's: waiting, and V8's own bookkeeping (garbage collection is counted apart). */
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

export function frameName(f: ProfileNode['callFrame']): string {
  const file = f.url.split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

/** The profile's sampling interval, µs: the median interval between its samples. */
function sampleInterval(profile: Profile): number {
  const sorted = profile.timeDeltas.filter((d) => d > 0).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Calls `each` for every busy sample with its node, its interval (ms) and its stack (the node's id up
 * to the root), and returns the busy and garbage-collection time (ms). A sample's interval is capped at
 * four sampling intervals (`sampleUs`, by default the profile's own): a thread descheduled on a loaded
 * machine, or a profiler stopped and started again between files, would otherwise charge the whole gap to
 * the function sampled after it.
 */
export function eachBusySample(
  profile: Profile,
  each: (node: ProfileNode, ms: number, stack: () => ProfileNode[]) => void,
  sampleUs = sampleInterval(profile),
): { busy: number; gc: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let busy = 0;
  let gc = 0;
  profile.samples.forEach((id, i) => {
    const ms = Math.min(profile.timeDeltas[i + 1] ?? 0, sampleUs * 4) / 1000;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    if (name === '(garbage collector)') gc += ms;
    if (IDLE.has(name)) return;
    busy += ms;
    each(node, ms, () => {
      const stack: ProfileNode[] = [];
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur))
        stack.push(byId.get(cur)!);
      return stack;
    });
  });
  return { busy, gc };
}

export const addTo = (m: Map<string, number>, key: string, v: number): void => {
  m.set(key, (m.get(key) ?? 0) + v);
};

/** The `n` largest entries, as printed lines (`ms` right-aligned, then the key), optionally filtered. */
export function topLines(
  m: Map<string, number>,
  n: number,
  filter: (k: string) => boolean = () => true,
): string[] {
  return [...m]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`);
}
