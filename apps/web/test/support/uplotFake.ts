// uPlot draws on a canvas, which jsdom does not have: in every web test file `uplot` is this fake (the
// alias in vite.config.ts's webTest), so the files with charts share the web project's module graph
// instead of each mocking it in a graph of its own (decision 0083).
export { FakeUPlot as default } from './probeDetailFakes';
