// One strict `tsc` run over every block file of a consumer project; its diagnostics are handed back per
// file, with the README line each one points at.
import { join } from 'node:path';
import { runBounded } from '../../test-runtimes/bounded-process.mjs';

const TSC_TIMEOUT_MS = 240_000;
const DIAGNOSTIC = /^(?:blocks\/)?([\w.-]+\.ts)\((\d+),(\d+)\): (error TS\d+: .*)$/;

/**
 * Resolves with `{ byFile: Map<file, { line, message }[]>, other: string[] }`: each diagnostic with
 * its 1-based line in the file, and any output of tsc that names no file (a broken config).
 */
export async function typecheckConsumer(root, consumer) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await runBounded(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: consumer,
    timeoutMs: TSC_TIMEOUT_MS,
    env: process.env,
  });
  const byFile = new Map();
  const other = [];
  let last;
  for (const line of result.stdout.split('\n')) {
    const match = DIAGNOSTIC.exec(line);
    if (match) {
      const [, file, lineNumber, , message] = match;
      last = { line: Number(lineNumber), message };
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push(last);
    } else if (line.startsWith(' ') && last) {
      last.message += ` ${line.trim()}`; // a message's continuation lines
    } else if (line.trim() !== '') {
      other.push(line.trim());
      last = undefined;
    }
  }
  if (result.timedOut) other.push(`tsc timed out after ${TSC_TIMEOUT_MS} ms`);
  else if (result.code !== 0 && byFile.size === 0 && other.length === 0)
    other.push(`tsc exited with ${result.code}: ${result.stderr.trim()}`);
  return { byFile, other };
}
