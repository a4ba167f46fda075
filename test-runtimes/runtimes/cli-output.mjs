// Reads the observations line of cli-runner.mjs from a finished process's output.
const MARKER = 'SMOKE-OBSERVATIONS ';

/** The parsed observations, or an Error that says how the process ended and what it printed. */
export function readObservations(name, { code, signal, stdout, stderr, timedOut }, timeoutMs) {
  const line = stdout.split('\n').find(text => text.startsWith(MARKER));
  if (line) return JSON.parse(line.slice(MARKER.length));
  const how = timedOut ? `timed out after ${timeoutMs} ms` : `exited with ${signal ?? `code ${code}`}`;
  const output = `${stderr}\n${stdout}`.trim().split('\n').slice(-8).join(' | ');
  throw new Error(`${name} ${how} without observations${output ? `: ${output}` : ''}`);
}
