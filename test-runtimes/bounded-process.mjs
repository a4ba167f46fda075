// Child processes with a hard time limit. Each child leads its own process group, so a timeout
// kills it together with anything it started (by group id, never by name).
import { spawn } from 'node:child_process';

const live = new Set();
process.on('exit', () => {
  for (const child of live) killGroup(child);
});

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Spawns `command` and resolves with `{ code, signal, stdout, stderr, timedOut, untilResult }` once it
 * exits or, after `timeoutMs`, once it was killed. `until(child)`, if given, talks to the running
 * child; when its promise settles the child is stopped and the outcome is `untilResult`
 * (`{ value }` or `{ error }`).
 */
export function runBounded(command, args, { timeoutMs, cwd, env, extraFds = 0, until } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', ...Array.from({ length: extraFds }, () => 'pipe')],
    });
    live.add(child);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let untilResult;
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    child.on('error', error => {
      clearTimeout(timer);
      live.delete(child);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ code, signal, stdout, stderr, timedOut, untilResult });
    });
    if (until) {
      until(child).then(
        value => {
          untilResult = { value };
          killGroup(child);
        },
        error => {
          untilResult = { error };
          killGroup(child);
        },
      );
    }
  });
}

/** Resolves with `promise`, or rejects with a message naming `what` after `ms`. */
export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
