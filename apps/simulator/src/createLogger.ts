/** Progress and notes go to stdout (silenced by --quiet); problems always go to stderr. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(opts: { quiet?: boolean } = {}): Logger {
  const stamp = (): string => new Date().toISOString().slice(11, 19);
  return {
    info: (m) => {
      if (!opts.quiet) process.stdout.write(`${stamp()} ${m}\n`);
    },
    warn: (m) => {
      process.stderr.write(`${stamp()} warning: ${m}\n`);
    },
    error: (m) => {
      process.stderr.write(`${stamp()} error: ${m}\n`);
    },
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
