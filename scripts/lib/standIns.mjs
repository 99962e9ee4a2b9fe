// The local stand-ins for the outside providers (the stand-ins workspace, decision 0086) as `npm start`,
// `npm run dev` and the browser tests run them: a process of their own, started before the server,
// whose settings the server then gets as it would get Stripe's, a mail relay's and Twilio's.
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, start, stop } from './proc.mjs';

/** The built command line of the stand-ins (npm run build makes it). */
export const standInsMain = path.join(repoRoot, 'stand-ins/dist/main.js');

/**
 * The stand-ins a run needs: one for each provider the environment does not configure. Setting a
 * provider's variables (README "Configuration") is how a local run uses the real one instead.
 */
export function standInsNeeded(env = process.env) {
  return [
    ...(env.STRIPE_SECRET_KEY ? [] : ['stripe']),
    ...(env.SMTP_URL ? [] : ['smtp']),
    ...(env.TWILIO_ACCOUNT_SID ? [] : ['sms']),
    ...(env.SIM_OPERATOR_API_URL ? [] : ['sim-operator']),
  ];
}

/**
 * Starts the stand-ins `names` with the CLI at `command commandArgs` (node and dist/main.js, or tsx and
 * the source) and resolves, once they listen, to the child, the environment the server needs for them
 * and their URLs. Nothing to start: no child. The child stops by itself when this process goes (its
 * standard input closes), so a killed script leaves no stand-in behind.
 */
export async function startStandIns(
  command,
  commandArgs,
  { names, webhookUrl, simCallbackUrl, timeoutMs = 30_000 },
) {
  if (names.length === 0) return { child: null, env: {}, urls: {} };
  const child = start(
    command,
    [
      ...commandArgs,
      ...names,
      '--json',
      '--exit-with-stdin',
      ...(webhookUrl ? ['--stripe-webhook', webhookUrl] : []),
      ...(simCallbackUrl && names.includes('sim-operator') ? ['--sim-callback', simCallbackUrl] : []),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  let timer;
  try {
    const first = await new Promise((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the stand-ins did not start within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      lines.once('line', resolve);
      child.exitPromise.then(({ code, signal, error }) =>
        reject(
          error ?? new Error(`the stand-ins exited (${signal ?? `exit code ${code}`}) before they listened`),
        ),
      );
    });
    const { env, urls } = JSON.parse(first);
    // Anything they say later goes to this console.
    lines.on('line', (line) => console.log(line));
    return { child, env, urls };
  } catch (error) {
    await stop(child, 'SIGTERM', 2_000);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** One line for people: where each stand-in listens. */
export function standInsLine(urls) {
  const entries = Object.entries(urls);
  if (entries.length === 0) return null;
  const names = { stripe: 'Stripe', smtp: 'SMTP', sms: 'SMS and voice', 'sim-operator': 'SIM operator' };
  return `local stand-ins (nothing leaves this machine): ${entries.map(([k, v]) => `${names[k] ?? k} ${v}`).join(', ')}`;
}
