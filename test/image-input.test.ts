import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { recordingGateway } from './helpers/emulator-gateway';

// An image reaches both wire formats, whichever part shape the caller uses, on both AI SDK majors: this
// file runs with ai@6 (Node 20 lane) and with ai@7 (Node 22 lane), which labels image parts as a bare
// `image` media type. Nothing is downloaded: URLs go to the gateway as they are.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

// A whole 1x1 PNG, so the AI SDK and the provider can both tell its type from its bytes.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_BYTES = Uint8Array.from(atob(PNG_BASE64), c => c.charCodeAt(0));
const IMAGE_URL = 'https://images.example/cat.png';

type ImageSource = URL | Uint8Array | string;
const sources: Array<[name: string, source: () => ImageSource]> = [
  ['a URL', () => new URL(IMAGE_URL)],
  ['bytes', () => PNG_BYTES],
  ['a base64 string', () => PNG_BASE64],
];
// The `file` part with `mediaType: 'image'` is the shape ai@7 does not mark deprecated; ai@6 takes it too.
const partShapes = {
  'an image part': (image: ImageSource) => ({ type: 'image' as const, image }),
  'a file part with mediaType image': (data: ImageSource) => ({ type: 'file' as const, data, mediaType: 'image' }),
  'a file part with mediaType image/png': (data: ImageSource) => ({
    type: 'file' as const,
    data,
    mediaType: 'image/png',
  }),
};

describe.each(Object.entries(partShapes))('an image as %s', (_shape, part) => {
  it.each(sources)('reaches chat completions from %s', async (name, source) => {
    const { gw, bodies } = recordingGateway();
    const { text } = await generateText({
      model: gw('gpt-4o-mini'),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe it.' }, part(source())] }],
    });
    expect(text).toBe('I see 1 image. You said: Describe it.');
    expect(bodies[0].messages[0].content[1]).toEqual({
      type: 'image_url',
      image_url: { url: name === 'a URL' ? IMAGE_URL : `data:image/png;base64,${PNG_BASE64}` },
    });
  });

  it.each(sources)('reaches the messages format from %s', async (name, source) => {
    const { gw, bodies } = recordingGateway();
    await generateText({
      model: gw.messages('claude-sonnet-4-5'),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe it.' }, part(source())] }],
    });
    expect(bodies[0].messages[0].content[1]).toEqual({
      type: 'image',
      source:
        name === 'a URL'
          ? { type: 'url', url: IMAGE_URL }
          : { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    });
  });
});
