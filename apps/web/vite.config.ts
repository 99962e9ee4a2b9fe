/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port; the paths below are the server's route prefixes
// (spec doc 1 §7), so the browser talks to one origin exactly as it does in production.
// npm run dev sets EMBERWATCH_API_URL when the server runs on another port.
const apiTarget = process.env.EMBERWATCH_API_URL ?? 'http://127.0.0.1:8080';
const proxied = ['/admin', '/client', '/auth', '/ingest'] as const;

/**
 * The web app imports constants and types from @emberwatch/shared, whose contract modules also
 * build zod schemas at module level. A bundler must assume those calls have side effects, so
 * ~26 kB gzipped of zod would ship to every page although the browser never validates with it.
 * Building a schema is pure, so each top-level `const x = call(...)` of a contract module is
 * marked as such (wrapped in a pure IIFE); schemas nobody imports then drop out. Build only, and
 * if anything looks unexpected the module is left as it was.
 */
function treeShakeSharedSchemas(): Plugin {
  return {
    name: 'emberwatch:tree-shake-shared-schemas',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/.test(id)) return null;
      try {
        const ast = this.parse(code);
        let out = '';
        let last = 0;
        for (const node of ast.body) {
          const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
          if (decl?.type !== 'VariableDeclaration') continue;
          for (const d of decl.declarations) {
            if (d.init?.type !== 'CallExpression') continue;
            out += `${code.slice(last, d.init.start)}/* @__PURE__ */ (() => ${code.slice(d.init.start, d.init.end)})()`;
            last = d.init.end;
          }
        }
        out += code.slice(last);
        this.parse(out);
        return { code: out, map: null };
      } catch {
        return null;
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), treeShakeSharedSchemas()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The vendor file is ~630 kB minified (~196 kB gzipped: react-dom, MUI + emotion, i18next, router,
    // TanStack Query); the budget that matters is the gzipped initial JS, watched in the build output.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: in their own file they stay cached across deploys.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: apiTarget }])),
      '/ws': { target: apiTarget, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
