import { STAND_IN_NAMES, type StandInName } from './standIns.js';

export const USAGE = `Usage: node stand-ins/dist/main.js [stripe] [smtp] [sms] [sim-operator] [options]

Starts the local stand-ins named (all four without a name), each on its own port: the fake Stripe
(its API, Stripe.js and the 3-D Secure page), an SMTP server, the SMS and voice provider, and the SIM
operator's management API. Prints
their URLs and the server's environment for them, then runs until Ctrl-C. Nothing leaves this machine.

  --host ADDRESS          listen on ADDRESS (default 127.0.0.1)
  --stripe-port N         a fixed port for the fake Stripe (default: any free port)
  --smtp-port N           a fixed port for the SMTP server
  --sms-port N            a fixed port for the SMS and voice provider
  --sim-operator-port N   a fixed port for the SIM operator
  --stripe-webhook URL    where the fake Stripe posts its events, as a Stripe webhook endpoint would
                          (the server's $PUBLIC_URL/stripe/webhook)
  --sim-callback URL      where the fake SIM operator posts its state changes (the server's
                          $PUBLIC_URL/telia/API)
  --json                  print one line of JSON, {"urls": …, "env": …}, and nothing else (for scripts)
  --exit-with-stdin       stop when standard input closes (a script that started it has gone)
  --help                  this text`;

export interface CliOptions {
  names: StandInName[];
  host: string;
  ports: Partial<Record<StandInName, number>>;
  stripeWebhookUrl: string | null;
  simCallbackUrl: string | null;
  json: boolean;
  exitWithStdin: boolean;
}

export type ParsedCli = { help: true } | { error: string } | { options: CliOptions };

/** The command line of the stand-ins' CLI; an unknown word or a bad value is an error, not a guess. */
export function parseCli(args: readonly string[]): ParsedCli {
  const names = new Set<StandInName>();
  const options: CliOptions = {
    names: [],
    host: '127.0.0.1',
    ports: {},
    stripeWebhookUrl: null,
    simCallbackUrl: null,
    json: false,
    exitWithStdin: false,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    try {
      if (arg === '--help' || arg === '-h') return { help: true };
      if ((STAND_IN_NAMES as readonly string[]).includes(arg)) names.add(arg as StandInName);
      else if (arg === '--host') options.host = value();
      else if (arg === '--json') options.json = true;
      else if (arg === '--exit-with-stdin') options.exitWithStdin = true;
      else if (arg === '--stripe-webhook') {
        const url = value();
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
          return { error: `--stripe-webhook: '${url}' is not an http(s) URL` };
        options.stripeWebhookUrl = url;
      } else if (arg === '--sim-callback') {
        const url = value();
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
          return { error: `--sim-callback: '${url}' is not an http(s) URL` };
        options.simCallbackUrl = url;
      } else if (/^--(stripe|smtp|sms|sim-operator)-port$/.test(arg)) {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          return { error: `${arg}: a port is a whole number from 0 to 65535` };
        options.ports[arg.slice(2, -'-port'.length) as StandInName] = port;
      } else
        return {
          error: `Unknown argument '${arg}': name stand-ins (${STAND_IN_NAMES.join(', ')}) or options (--help)`,
        };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }
  options.names = names.size > 0 ? STAND_IN_NAMES.filter((n) => names.has(n)) : [...STAND_IN_NAMES];
  return { options };
}
