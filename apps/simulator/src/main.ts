import { CliError, HELP_TEXT, parseCli } from './parseCli.js';
import { ConfigError, runSimulator } from './runSimulator.js';

/** Grace period after SIGINT/SIGTERM for buffered packets before everything is cut. */
const SHUTDOWN_GRACE_MS = 6000;

async function main(): Promise<number> {
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    process.stderr.write(`simulator: ${err.message}\nTry --help.\n`);
    return 2;
  }
  if (command.kind === 'help') {
    process.stdout.write(HELP_TEXT);
    return 0;
  }
  if (command.kind === 'check') return 0;
  const stop = new AbortController();
  const hardStop = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stop.signal.aborted) {
      hardStop.abort();
      return;
    }
    if (!command.options.quiet) process.stdout.write(`\n${signal}: stopping (again to stop at once)…\n`);
    stop.abort();
    setTimeout(() => hardStop.abort(), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await runSimulator(command.options, { stop: stop.signal, hardStop: hardStop.signal });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`simulator: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`simulator: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
