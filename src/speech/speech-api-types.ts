// The wire shapes of `POST {base_url}/audio/speech` (docs/endpoints.md#speech) and the content type of each
// output format (docs/endpoints.md#speech-formats-and-content-types). The answer is audio bytes, not JSON:
// no response schema.

/** The six voices (docs/endpoints.md#speech-voices). */
export const SPEECH_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type UnigateSpeechVoice = (typeof SPEECH_VOICES)[number];

/** The five output formats (docs/endpoints.md#speech-formats-and-content-types). */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav'] as const;
export type UnigateSpeechFormat = (typeof SPEECH_FORMATS)[number];

/** The media type of each format: the Content-Type the gateway sends, and what the result reports. */
export const SPEECH_MEDIA_TYPES: Record<UnigateSpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/**
 * Other names of the same formats that servers and proxies commonly send: accepted as a match, since the
 * bytes are still the format asked for. Anything else (JSON, text, another format) is not audio we asked for.
 */
export const SPEECH_MEDIA_TYPE_ALIASES: Record<UnigateSpeechFormat, readonly string[]> = {
  mp3: ['audio/mp3'],
  opus: ['audio/opus'],
  aac: ['audio/x-aac'],
  flac: ['audio/x-flac'],
  wav: ['audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
};

/** The request body, with the spec's field names. */
export interface SpeechRequestBody {
  model: string;
  /** At most 4096 characters. */
  input: string;
  voice: UnigateSpeechVoice;
  response_format: UnigateSpeechFormat;
  /** 0.25 to 4; absent: the gateway's 1.0. */
  speed?: number;
}
