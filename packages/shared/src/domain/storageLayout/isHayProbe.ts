/**
 * Hay probes are told by the first letter of their id, "H" (spec doc 3 §5 "hay ("H") probes only for
 * stack layouts"); grain and compost probes start with G and C.
 */
export function isHayProbe(probeId: string): boolean {
  return probeId[0]?.toUpperCase() === 'H';
}
