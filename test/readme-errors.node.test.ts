import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emulatedErrors } from '../examples/errors';

// The README's error examples are what the code prints: the block between the markers must list, line
// by line, `kind: message` of the failures that examples/errors.ts provokes (the demo prints the same).
function readmeErrorLines(): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /<!-- errors:start -->\n```text\n([\s\S]*?)\n```\n<!-- errors:end -->/.exec(readme);
  if (!block) throw new Error('README.md has no errors:start / errors:end block');
  return block[1].split('\n');
}

describe('README error examples', () => {
  it('are exactly what the provider throws against the emulator', async () => {
    const printed = (await emulatedErrors()).map(({ kind, message }) => `${kind}: ${message}`);
    expect(readmeErrorLines()).toEqual(printed);
  });
});
