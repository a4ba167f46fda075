// Names shared by the in-runtime checks and the judge (kept apart so the judge loads before a build).

/** The prompt every runtime sends, so the emulator's deterministic answers are comparable. */
export const PROMPT = 'Say hello from the runtime smoke test.';
/** Model ids of the two language-model formats. */
export const CHAT_MODEL = 'gpt-4o-mini';
export const MESSAGES_MODEL = 'claude-sonnet-4-5';
/** Model ids of the other model kinds. */
export const EMBEDDING_MODEL = 'text-embedding-3-small';
export const SPEECH_MODEL = 'tts-1';
export const TRANSCRIPTION_MODEL = 'whisper-1';
export const IMAGE_MODEL = 'dall-e-3';
export const VIDEO_MODEL = 'veo-3';
/** The texts the embedding check embeds. */
export const EMBED_TEXTS = ['red apple', 'blue ocean', 'runtime smoke test'];
/** The text the speech check speaks, and the two formats it asks for. */
export const SPEECH_TEXT = 'Hello from the runtime smoke test.';
export const SPEECH_FORMATS = ['wav', 'mp3'];
/** The synthesised WAV the transcription check uploads: 16-bit PCM mono. */
export const WAV_SAMPLE_RATE = 16_000;
export const WAV_SECONDS = 2;
/** The image and video prompts. */
export const IMAGE_PROMPT = 'a red circle';
export const VIDEO_PROMPT = 'a boat';
/** The redirect check: the custom header its provider sends, and the signature in the foreign Location's query. */
export const REDIRECT_HEADER = 'x-smoke-secret';
export const REDIRECT_SIGNATURE = 'smoke-signature';
/** The checks each runtime runs, in report order. */
export const CHECK_NAMES = [
  'listModels',
  'catalog.page',
  'chat generateText',
  'chat streamText',
  'messages generateText',
  'messages streamText',
  'embed base64',
  'speech',
  'transcription',
  'image',
  'video',
  'cost',
  'redirect',
];
