import { parseCli, USAGE } from './parseCli.js';
import { startStandIns } from './standIns.js';

/** The CLI: starts the stand-ins asked for, prints where they are, and stops them on a signal. */
async function main(): Promise<void> {
  const parsed = parseCli(process.argv.slice(2));
  if ('help' in parsed) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if ('error' in parsed) {
    process.stderr.write(`stand-ins: ${parsed.error}\n`);
    process.exit(2);
  }
  const o = parsed.options;
  const standIns = await startStandIns(o.names, {
    host: o.host,
    ports: o.ports,
    stripeWebhookUrl: o.stripeWebhookUrl,
    simCallbackUrl: o.simCallbackUrl,
  });
  if (o.json) process.stdout.write(`${JSON.stringify({ urls: standIns.urls, env: standIns.env })}\n`);
  else {
    const lines = [
      'Emberwatch stand-ins (nothing leaves this machine):',
      ...(standIns.stripe
        ? [
            `  stripe  ${standIns.stripe.apiBase}  (Stripe.js ${standIns.stripe.stripeJsUrl})` +
              (o.stripeWebhookUrl ? `, events to ${o.stripeWebhookUrl}` : ''),
          ]
        : []),
      ...(standIns.smtp ? [`  smtp    ${standIns.smtp.url}`] : []),
      ...(standIns.sms ? [`  sms     ${standIns.sms.apiUrl}  (SMS and voice, Twilio's API)`] : []),
      ...(standIns['sim-operator']
        ? [
            `  sim-operator  ${standIns['sim-operator'].apiUrl}  (the SIM operator's management API)` +
              (o.simCallbackUrl ? `, events to ${o.simCallbackUrl}` : ''),
          ]
        : []),
      '',
      'The server reaches them with this environment:',
      ...Object.entries(standIns.env).map(([k, v]) => `  ${k}=${v}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void standIns.close().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  if (o.exitWithStdin) {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`stand-ins failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
