// The built app as the browser tests and the web benchmark serve it: the production server with the
// web bundle, the demo seeded on the embedded SQLite store, a fresh token secret and a quiet log.
import { randomBytes } from 'node:crypto';

/** The environment for apps/server/dist/main.js serving the built web app on 127.0.0.1:`port`. */
export function builtServerEnv({ port, dataDir, webDist }, env = process.env) {
  const out = {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    WEB_DIST: webDist,
    NODE_ENV: 'production',
  };
  delete out.DATABASE_URL; // the embedded SQLite store, whatever the shell has set
  return out;
}
