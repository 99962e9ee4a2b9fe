import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { holdPort, portRefusal } from '../lib/holdPort.mjs';

/** Resolves to the port `host:port` listens on, or rejects with the listen error; closes it again. */
function listenOnce(port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      const chosen = server.address().port;
      server.close(() => resolve(chosen));
    });
  });
}

describe("the server's port, held while the stand-ins start", () => {
  it('cannot be taken while held, nor given to a listener on a port the system picks, and is free once let go', async () => {
    const port = await listenOnce(0);
    const release = await holdPort(port, '127.0.0.1');
    await expect(listenOnce(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // The stand-ins listen on port 0: whatever the system picks, it is not the held port.
    const picked = await Promise.all(Array.from({ length: 50 }, () => listenOnce(0)));
    expect(picked).not.toContain(port);
    await release();
    await release(); // a second call (the shutdown after the server's start) is harmless
    expect(await listenOnce(port)).toBe(port);
  });

  it('is refused, with a reason a person can act on, when someone listens there', async () => {
    const port = await listenOnce(0);
    const release = await holdPort(port, '127.0.0.1');
    const error = await holdPort(port, '127.0.0.1').catch((e) => e);
    expect(error.code).toBe('EADDRINUSE');
    expect(portRefusal(port, error)).toBe(
      `Port ${port} is in use (is Emberwatch already running?). Stop that, or set PORT to another port.`,
    );
    await release();
  });

  it('holds nothing at port 0 (the server then gets a port of its own)', async () => {
    const release = await holdPort(0, '127.0.0.1');
    await release();
  });
});
