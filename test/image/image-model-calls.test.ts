import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { mapImageSize, withoutQuery } from '../../src/image/image-model-calls';
import { thrown } from '../helpers/test-kit';

describe('mapImageSize', () => {
  it('passes the three documented sizes and leaves the default to the gateway', () => {
    for (const size of ['256x256', '512x512', '1024x1024'])
      expect(mapImageSize(size, undefined)).toEqual({ size, warnings: [] });
    expect(mapImageSize(undefined, undefined)).toEqual({ size: undefined, warnings: [] });
  });

  it('rejects any other size, naming the allowed ones', () => {
    const error = thrown(() => mapImageSize('1792x1024', undefined));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Invalid argument size: the gateway accepts "256x256", "512x512", "1024x1024"; received "1792x1024".',
    );
  });

  it('a square ratio picks 1024x1024 unless a size is given', () => {
    expect(mapImageSize(undefined, '1:1')).toEqual({ size: '1024x1024', warnings: [] });
    expect(mapImageSize(undefined, '3:3')).toEqual({ size: '1024x1024', warnings: [] });
    expect(mapImageSize('512x512', '1:1')).toEqual({ size: '512x512', warnings: [] });
  });

  it('any other ratio is an unsupported warning naming the size the image gets', () => {
    const { size, warnings } = mapImageSize('256x256', '9:16');
    expect(size).toBe('256x256');
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'aspectRatio',
        details:
          'The gateway makes square images only (256x256, 512x512, 1024x1024); aspectRatio 9:16 was not sent and the image is 256x256.',
      },
    ]);
  });
});

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
