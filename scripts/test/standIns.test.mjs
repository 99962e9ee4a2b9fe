import { describe, expect, it } from 'vitest';
import { standInsLine, standInsNeeded, startStandIns } from '../lib/standIns.mjs';

describe('the stand-ins npm start, npm run dev and the browser tests start', () => {
  it('are those of the providers the environment does not configure', () => {
    expect(standInsNeeded({})).toEqual(['stripe', 'smtp', 'sms', 'sim-operator']);
    expect(standInsNeeded({ SMTP_URL: 'smtp://relay.example:587' })).toEqual([
      'stripe',
      'sms',
      'sim-operator',
    ]);
    expect(
      standInsNeeded({
        STRIPE_SECRET_KEY: 'sk_live_x',
        SMTP_URL: 'smtp://r',
        TWILIO_ACCOUNT_SID: 'AC1',
        SIM_OPERATOR_API_URL: 'https://sim.example',
      }),
    ).toEqual([]);
  });

  it('start nothing when every provider is configured', async () => {
    expect(await startStandIns('false', [], { names: [] })).toEqual({ child: null, env: {}, urls: {} });
  });

  it("hand over the CLI's JSON line: the server's environment and the URLs", async () => {
    // A stand-in for the CLI: prints what the real one prints with --json, then waits for stdin to close.
    const cli = [
      '-e',
      `const names = process.argv.slice(1).filter((a) => !a.startsWith('--'));
       if (!process.argv.includes('--json') || !process.argv.includes('--exit-with-stdin')) process.exit(3);
       console.log(JSON.stringify({ urls: { smtp: 'smtp://127.0.0.1:1' }, env: { SMTP_URL: 'smtp://127.0.0.1:1', STAND_INS: names.join(',') } }));
       process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`,
      '--',
    ];
    const started = await startStandIns(process.execPath, cli, { names: ['smtp'] });
    expect(started.env).toEqual({ SMTP_URL: 'smtp://127.0.0.1:1', STAND_INS: 'smtp' });
    expect(standInsLine(started.urls)).toBe(
      'local stand-ins (nothing leaves this machine): SMTP smtp://127.0.0.1:1',
    );
    // Its standard input closing (the script gone) ends it.
    const exit = new Promise((resolve) => started.child.once('exit', (code) => resolve(code)));
    started.child.stdin.end();
    expect(await exit).toBe(0);
  });

  it('say why when the CLI stops before it listens', async () => {
    await expect(
      startStandIns(process.execPath, ['-e', 'process.exit(2)', '--'], { names: ['sms'] }),
    ).rejects.toThrow('the stand-ins exited (exit code 2) before they listened');
  });
});
