import { createServer } from 'node:net';

/**
 * A free loopback port, found by binding port 0 and letting it go. Another process could take
 * it before the caller binds it: fine for the servers a test or the all-in-one job starts on
 * loopback, not a reservation.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
