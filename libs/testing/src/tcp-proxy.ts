import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** `127.0.0.1:<port>`, the address to give the process under test instead of the target's. */
  readonly address: string;
  readonly port: number;
  /** An outage: every open connection is cut and new ones are refused, until `restore()`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback TCP relay to `target` (`host:port`), for outage tests of a dependency the test
 * must not stop for everybody (the shared PostgreSQL): cutting the relay is, to the process
 * behind it, the dependency going away.
 */
export async function tcpProxy(target: string): Promise<TcpProxy> {
  const [host, portText] = target.split(':');
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () => new Promise<void>((resolve, reject) => {
    const s = createServer((client) => {
      const upstream = createConnection({ host, port: Number(portText) });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      port = (s.address() as { port: number }).port;
      server = s;
      resolve();
    });
  });

  const cut = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise((resolve) => s.close(resolve));
  };

  await listen();
  return {
    get address() {
      return `127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
