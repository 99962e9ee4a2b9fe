/**
 * Whether this browser can draw WebGL (the 3D site plan needs it). Asked before three.js is loaded,
 * so a browser without it (old devices, some locked-down ones, jsdom) neither downloads the chunk nor
 * fails inside it, and the page says why the plan is missing.
 */
export function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
