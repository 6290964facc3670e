import { createServer } from 'node:net';

/** A local port nothing listens on (taken, then given back): a Discord that cannot be reached. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
