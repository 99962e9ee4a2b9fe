// The demo feature's public surface: the top bar's demo selector, the demo type an admin's saves
// carry (decision 0058), and the stations a demo-mode account shows as the chosen site (0079).
export { DemoOverlay, DemoSelector } from './DemoSelector';
export { useAdminDemoType } from './useAdminDemoType';
export { useDemoStations } from './useDemoStations';
