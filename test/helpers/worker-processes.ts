import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

// Worker processes for the tests that share a real store across processes (the Postgres budget tests):
// each worker prints `ready`, waits for `go` on stdin, and prints its result as its last line of JSON.

/**
 * Starts `count` processes of `script` (run through tsx) with `env(index)` added, lets them all go at once
 * when every one is ready, and resolves with each one's last line, parsed.
 */
export async function runWorkers<T>(script: string, count: number, env: (index: number) => Record<string, string>) {
  const workers: ChildProcessWithoutNullStreams[] = Array.from({ length: count }, (_, index) =>
    spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env(index) } }),
  );
  const lines = workers.map(
    worker =>
      new Promise<string[]>((resolve, reject) => {
        let out = '';
        let err = '';
        worker.stdout.on('data', (chunk: Uint8Array) => {
          out += chunk.toString();
        });
        worker.stderr.on('data', (chunk: Uint8Array) => {
          err += chunk.toString();
        });
        worker.on('exit', code => (code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(err))));
      }),
  );
  const ready = workers.map(
    worker =>
      new Promise<void>(resolve => {
        const onData = (chunk: Uint8Array) => {
          if (chunk.toString().includes('ready')) {
            worker.stdout.off('data', onData);
            resolve();
          }
        };
        worker.stdout.on('data', onData);
      }),
  );
  await Promise.all(ready);
  for (const worker of workers) worker.stdin.end('go\n');
  const outputs = await Promise.all(lines);
  return outputs.map(output => JSON.parse(output.at(-1) ?? '{}') as T);
}
