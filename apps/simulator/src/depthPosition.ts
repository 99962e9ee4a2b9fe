/**
 * Where depth i of an n-depth probe sits along the probe: 0 at the handle (the shallowest point),
 * 1 at the tip. A single-depth probe measures at its tip, so it reads the core.
 */
export function depthPosition(index: number, depths: number): number {
  return depths <= 1 ? 1 : index / (depths - 1);
}
