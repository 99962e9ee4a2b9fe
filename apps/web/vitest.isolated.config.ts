import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { WEB_ISOLATED_FILES, webTest } from './vite.config.js';

// The web test files that mock a module or stub a global for the whole file, each in a module graph of
// its own (Vitest's default isolation); the rest share one in the `web` project (vite.config.ts,
// decision 0083).
export default defineConfig({
  plugins: [react()],
  test: { ...webTest, name: 'web-isolated', include: WEB_ISOLATED_FILES, isolate: true },
});
