import net from 'node:net';

/**
 * A TCP proxy in front of a real server (Redis) that a fault test controls: `freeze` keeps the
 * connections open but passes nothing (a server that hangs), `stop` closes them and the port (a
 * server that is gone), `start` listens on the same port again. The server behind it is never
 * touched, so a test can use the machine's Redis.
 */
export interface TcpProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  /** What was sent while frozen, passed on at the thaw (as a stopped process reads its socket later). */
  const held: [net.Socket, Buffer][] = [];
  let frozen = false;
  let port = 0;

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (frozen) held.push([to, chunk]);
      else to.write(chunk);
    };
    client.on('data', forward(upstream)).on('error', end).on('close', end);
    upstream.on('data', forward(client)).on('error', end).on('close', end);
  });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    get port() {
      return port;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      held.length = 0;
      frozen = false;
      await closed;
    },
    start: listen,
  };
}
