// The demo feature's public surface: the top bar's demo selector, and the demo type an admin's
// saves carry (decision 0058).
export { DemoOverlay, DemoSelector } from './DemoSelector';
export { useAdminDemoType } from './useAdminDemoType';
