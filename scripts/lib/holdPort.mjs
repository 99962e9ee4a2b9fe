// The server's port, held by this script from before the local stand-ins start until the server is about
// to listen. The stand-ins listen on ports the system picks, and it may pick the server's own: a CI run saw
// the SMTP stand-in take it and the server stop with EADDRINUSE. While the port is held the system picks
// another. Holding it first also tells, before anything starts, that the port is taken.
import net from 'node:net';
import { red } from './proc.mjs';

/**
 * Listens on `host:port` and resolves to the function that lets it go (resolving once it has; calling it
 * again is harmless), or rejects with the listen error (EADDRINUSE: someone listens there). Port 0 holds
 * nothing: the server gets one.
 */
export function holdPort(port, host) {
  if (Number(port) === 0) return Promise.resolve(async () => {});
  return new Promise((resolve, reject) => {
    const holder = net.createServer();
    holder.once('error', reject);
    let released;
    holder.listen({ port: Number(port), host, exclusive: true }, () =>
      resolve(() => (released ??= new Promise((done) => holder.close(() => done())))),
    );
  });
}

/** What a person reads when the port cannot be held. */
export function portRefusal(port, error) {
  return error.code === 'EADDRINUSE'
    ? `Port ${port} is in use (is Emberwatch already running?). Stop that, or set PORT to another port.`
    : `Port ${port} cannot be used: ${error.message}`;
}

/**
 * The start scripts' step: holds the server's port on the address the server will listen on (HOST, or
 * 127.0.0.1 as the server's default) and resolves to its release; a port that cannot be held ends the
 * script with the reason, before anything started. `prefix` starts the line (`[dev] `).
 */
export async function holdServerPort(port, prefix = '') {
  try {
    return await holdPort(port, process.env.HOST || '127.0.0.1');
  } catch (error) {
    console.error(red(`${prefix}${portRefusal(port, error)} Nothing was started.`));
    process.exit(1);
  }
}
