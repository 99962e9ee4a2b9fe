export declare function builtServerEnv(
  opts: { port: number; dataDir: string; webDist: string },
  env?: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv;
