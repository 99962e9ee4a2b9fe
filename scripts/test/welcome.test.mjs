import { describe, expect, it } from 'vitest';
import { welcomeText } from '../lib/welcome.mjs';

describe('the npm start welcome', () => {
  const text = welcomeText({
    url: 'http://localhost:8080',
    simulatorNote: 'playing the demo base stations live',
    simulatorRunning: true,
    demoLogins: true,
  });

  it('names the URL and how to make the demo faster', () => {
    expect(text).toContain('http://localhost:8080');
    expect(text).toContain('npm start -- --live-interval 10');
  });

  it('leaves the demo logins to the server, which prints them once', () => {
    expect(text).not.toMatch(/@demo\.emberwatch/);
    expect(text).toContain('demo logins above');
    expect(
      welcomeText({ url: 'x', simulatorNote: 'y', simulatorRunning: false, demoLogins: false }),
    ).not.toMatch(/demo logins|--live-interval/);
  });

  it('says which providers are the local stand-ins, and how to use the real ones', () => {
    const withStandIns = welcomeText({
      url: 'x',
      simulatorNote: 'y',
      simulatorRunning: false,
      demoLogins: false,
      standIns: 'local stand-ins (nothing leaves this machine): SMTP smtp://127.0.0.1:2525',
    });
    expect(withStandIns).toContain('SMTP smtp://127.0.0.1:2525');
    expect(withStandIns).toContain('README "Configuration"');
    expect(withStandIns).toContain('stops the server, the stand-ins and the simulator');
    expect(text).not.toContain('stand-ins');
  });
});
