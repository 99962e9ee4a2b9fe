// The box `npm start` prints once the server and the simulator run. The demo logins are not in it:
// the server lists them itself, just above, from the accounts it seeded (one list, printed once).
import { bold, cyan, green } from './proc.mjs';

export function welcomeText({ url, simulatorNote, simulatorRunning, demoLogins, standIns = null }) {
  const rule = '─'.repeat(66);
  return [
    '',
    cyan(rule),
    `  ${bold('Emberwatch is running:')} ${green(url)}` + (demoLogins ? '  (demo logins above)' : ''),
    `  simulator: ${simulatorNote}`,
    ...(simulatorRunning
      ? [
          '  New readings every minute; faster: npm start -- --live-interval 10 (seconds),',
          "  or the demo's world at 60× (an hour a minute): npm start -- --speed 60",
        ]
      : []),
    // Which providers are the local stand-ins (decision 0086), and how to use a real one instead.
    ...(standIns
      ? [`  ${standIns}`, '  (set a provider\'s variables, README "Configuration", to use the real one)']
      : []),
    '',
    `  Ctrl-C stops the server${standIns ? ', the stand-ins' : ''} and the simulator.`,
    cyan(rule),
    '',
  ].join('\n');
}
