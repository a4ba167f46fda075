import { describe, expect, it } from 'vitest';
import { IMAGE_URLS } from '../../src/prompt/image-media-type';

describe('IMAGE_URLS', () => {
  it('passes http(s) image URLs through, whatever the scheme case, and nothing else', () => {
    const [pattern] = IMAGE_URLS['image/*'];
    for (const url of ['https://cdn.test/cat.jpg', 'http://cdn.test/a', 'HTTPS://cdn.test/b'])
      expect(pattern.test(url)).toBe(true);
    for (const url of ['ftp://cdn.test/cat.jpg', 'https://', 'data:image/png;base64,AAAA'])
      expect(pattern.test(url)).toBe(false);
    expect(Object.isFrozen(IMAGE_URLS)).toBe(true);
  });
});
