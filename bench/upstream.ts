import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServedBody {
  key: string;
  bytes: number;
  sha256: string;
  served: number;
}

export interface Upstream {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  /** What the server sent, per body: size, hash, how many times. */
  stats(): Promise<ServedBody[]>;
  stop(): void;
}

/** Forks bench/upstream-server.ts and waits (at most 20 s) for it to listen on loopback. */
export function startUpstream(): Promise<Upstream> {
  const script = fileURLToPath(new URL('./upstream-server.ts', import.meta.url));
  const child: ChildProcess = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  process.once('exit', stop);

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the fake upstream did not start within 20 s'));
    }, 20_000);
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`the fake upstream exited early (code ${code})`));
    });
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type !== 'ready' || !message.port) return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${message.port}`,
        pid: child.pid!,
        stop,
        stats: () =>
          new Promise<ServedBody[]>(done => {
            const onStats = (reply: { type?: string; bodies?: ServedBody[] }) => {
              if (reply?.type !== 'stats') return;
              child.off('message', onStats);
              done(reply.bodies ?? []);
            };
            child.on('message', onStats);
            child.send({ type: 'stats' });
          }),
      });
    });
  });
}
