// POST /v1/audio/speech (docs/endpoints.md#speech, docs/endpoints.md#speech-formats-and-content-types): validates
// the body and answers real, decodable audio in the requested format with its Content-Type. wav is a
// tone synthesised per request (longer for longer input, pitch by voice); the other formats are fixed
// half-second assets (speech-audio-assets.ts).

import type { EmulatorContext, EmulatorRoute } from '../emulator-context';
import { readMarkers } from '../emulator-faults';
import { errorResponse } from '../emulator-responses';
import { SPEECH_AAC_BASE64, SPEECH_FLAC_BASE64, SPEECH_MP3_BASE64, SPEECH_OPUS_BASE64 } from '../speech-audio-assets';
import { triangleTone, writeWav } from '../wav-writer';

/** The six voices, each with the pitch of its wav tone in Hz. */
export const SPEECH_VOICE_PITCH = { alloy: 440, echo: 330, fable: 392, onyx: 220, nova: 523, shimmer: 659 } as const;
export type SpeechVoice = keyof typeof SPEECH_VOICE_PITCH;

/** Content types per format (docs/endpoints.md#speech-formats-and-content-types). */
export const SPEECH_CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
} as const;
export type SpeechFormat = keyof typeof SPEECH_CONTENT_TYPES;

export const MAX_SPEECH_INPUT_CHARACTERS = 4096;
/** The wav tone: 8 kHz, a quarter second plus 10 ms per input character, at speed 1. */
export const SPEECH_WAV_SAMPLE_RATE = 8000;

const ASSETS: Record<Exclude<SpeechFormat, 'wav'>, string> = {
  mp3: SPEECH_MP3_BASE64,
  opus: SPEECH_OPUS_BASE64,
  aac: SPEECH_AAC_BASE64,
  flac: SPEECH_FLAC_BASE64,
};

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  return Uint8Array.from(binary, char => char.charCodeAt(0));
}

/** Characters as the gateway counts them: code points, so an emoji is one. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The audio the route answers for a valid request: the same bytes for the same request. */
export function speechAudio(request: {
  input: string;
  voice: SpeechVoice;
  format: SpeechFormat;
  speed: number;
}): Uint8Array<ArrayBuffer> {
  if (request.format !== 'wav') return fromBase64(ASSETS[request.format]);
  const milliseconds = (250 + 10 * countCharacters(request.input)) / request.speed;
  const samples = Math.round((milliseconds * SPEECH_WAV_SAMPLE_RATE) / 1000);
  return writeWav(
    triangleTone(samples, SPEECH_VOICE_PITCH[request.voice], SPEECH_WAV_SAMPLE_RATE),
    SPEECH_WAV_SAMPLE_RATE,
  );
}

class SpeechRequestError extends Error {}

function fail(param: string, rule: string, value: unknown): never {
  const shown =
    typeof value === 'string' && value.length > 60
      ? `a string of ${countCharacters(value)} characters`
      : (JSON.stringify(value) ?? String(value));
  throw new SpeechRequestError(`Invalid ${param}: ${rule}, got ${shown}`);
}

function oneOf<T extends string>(param: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T))
    fail(param, `must be one of ${allowed.join(', ')}`, value);
  return value as T;
}

function readSpeechRequest(body: unknown): { input: string; voice: SpeechVoice; format: SpeechFormat; speed: number } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('body', 'must be a JSON object', body);
  const fields = body as Record<string, unknown>;
  if (typeof fields.model !== 'string' || fields.model === '')
    fail('model', 'must be a non-empty string', fields.model);
  const input = fields.input;
  if (typeof input !== 'string' || input === '') fail('input', 'must be a non-empty string', input);
  const characters = countCharacters(input);
  if (characters > MAX_SPEECH_INPUT_CHARACTERS) {
    throw new SpeechRequestError(
      `Invalid input: must be at most ${MAX_SPEECH_INPUT_CHARACTERS} characters, got ${characters}`,
    );
  }
  const voice = oneOf('voice', fields.voice, Object.keys(SPEECH_VOICE_PITCH) as SpeechVoice[]);
  // `null` counts as absent, as elsewhere on the OpenAI-style endpoints.
  const format = oneOf(
    'response_format',
    fields.response_format ?? 'mp3',
    Object.keys(SPEECH_CONTENT_TYPES) as SpeechFormat[],
  );
  const speed = fields.speed ?? 1;
  if (typeof speed !== 'number' || !Number.isFinite(speed) || speed < 0.25 || speed > 4) {
    fail('speed', 'must be a number from 0.25 to 4', speed);
  }
  return { input, voice, format, speed };
}

/** A text-to-speech id: a word of it starts with `tts`, as in `tts-1` and `tts-1-hd`. */
const isSpeechId = (id: string) => /(?:^|[-_./:\s])tts/i.test(id);

/**
 * The speech endpoint takes the text-to-speech models only: an audio model of the catalog that is not one
 * (the speech-to-text `whisper-1`) is refused, naming those it accepts.
 */
function speechModelProblem(context: EmulatorContext): string | undefined {
  const model = context.model;
  if (model === undefined || isSpeechId(model.id)) return undefined;
  const accepted = [...context.models.values()].filter(entry => entry.type === 'audio' && isSpeechId(entry.id));
  return `Invalid model: '${model.id}' is not a text-to-speech model; the speech endpoint accepts only ${accepted.map(entry => entry.id).join(', ')}`;
}

/** `POST {base_url}/audio/speech`: binary audio, or a chat-style 400 naming the parameter. */
export const speechRoute: EmulatorRoute = async (_request, context) => {
  const badModel = speechModelProblem(context);
  if (badModel !== undefined) return errorResponse('chat', 400, badModel);
  let request: ReturnType<typeof readSpeechRequest>;
  try {
    request = readSpeechRequest(context.body);
  } catch (error) {
    if (error instanceof SpeechRequestError) return errorResponse('chat', 400, error.message);
    throw error;
  }
  const { fault } = readMarkers(request.input);
  if (fault?.kind === 'status')
    return errorResponse('chat', fault.status, `Emulated HTTP ${fault.status} ([[emulator:status:${fault.status}]])`);
  return new Response(speechAudio(request), {
    status: 200,
    headers: { 'content-type': SPEECH_CONTENT_TYPES[request.format] },
  });
};
