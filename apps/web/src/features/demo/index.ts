// The demo feature's public surface: the top bar's demo selector (decision 0058).
export { DemoSelector } from './DemoSelector';
