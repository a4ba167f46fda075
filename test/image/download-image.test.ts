import { describe, expect, it } from 'vitest';
import { withoutQuery } from '../../src/image/download-image';

// The download rules themselves (credentials by origin, redirects, size cap, failures) are proven
// through the model in image-model.test.ts.
describe('withoutQuery', () => {
  it('hides every query string and fragment in a message, keeping the path', () => {
    expect(withoutQuery('https://cdn.example/a/b.png?sig=abc&exp=1')).toBe('https://cdn.example/a/b.png?…');
    expect(withoutQuery('Redirect from https://gw.test/x?k=1 to http://cdn.example/y#frag was blocked')).toBe(
      'Redirect from https://gw.test/x?… to http://cdn.example/y?… was blocked',
    );
    expect(withoutQuery('https://cdn.example/plain.png')).toBe('https://cdn.example/plain.png');
  });
});
