import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emulatedErrors } from '../examples/errors';

// The error examples of docs/errors-and-retries.md are what the code prints: the block between the markers
// must list, line by line, `kind: message` of the failures that examples/errors.ts provokes (the demo
// prints the same).
function readmeErrorLines(): string[] {
  const page = readFileSync(new URL('../docs/errors-and-retries.md', import.meta.url), 'utf8');
  const block = /<!-- errors:start -->\n```text\n([\s\S]*?)\n```\n<!-- errors:end -->/.exec(page);
  if (!block) throw new Error('docs/errors-and-retries.md has no errors:start / errors:end block');
  return block[1].split('\n');
}

describe('the error examples of docs/errors-and-retries.md', () => {
  it('are exactly what the provider throws against the emulator', async () => {
    const printed = (await emulatedErrors()).map(({ kind, message }) => `${kind}: ${message}`);
    expect(readmeErrorLines()).toEqual(printed);
  });
});
