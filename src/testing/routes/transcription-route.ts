// POST /v1/audio/transcriptions (docs/endpoints.md#transcription-request,
// docs/endpoints.md#transcription-results): reads the multipart form, checks the file (format by its name's
// extension, else its type; at most 25 MB) and the fields, and answers a deterministic transcript whose
// segments share the audio's length: a WAV's length from its header, any other file's estimated at
// 128 kbit/s. verbose_json carries word timings too, each segment's time shared by its words. `[[emulator:status:<code>]]` or `[[emulator:truncate]]` in `prompt` force a fault.

import type { EmulatorRoute } from '../emulator-context';
import { cutInHalf, readMarkers } from '../emulator-faults';
import { LANGUAGE_NAMES } from '../emulator-languages';
import { errorResponse, jsonTextResponse } from '../emulator-responses';
import { srtText, vttText, type TranscriptCue } from '../emulator-subtitles';
import { wavDurationSeconds } from '../wav-header';

/** The upload formats, by file name extension. */
export const TRANSCRIPTION_FORMATS = ['mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'wav', 'webm'] as const;
/** 25 MB, read as 25 MiB: the OpenAI-style upstream's "Maximum content size limit (26214400)". */
export const MAX_TRANSCRIPTION_BYTES = 26_214_400;
/** A file that is not WAV is taken to be 128 kbit/s audio to estimate its length. */
export const ESTIMATE_BYTES_PER_SECOND = 16_000;

const RESPONSE_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/** Extensions for an upload named without one, by its type's subtype. */
const FORMAT_BY_SUBTYPE: Record<string, string> = { mpeg: 'mp3', 'x-wav': 'wav', wave: 'wav', 'x-m4a': 'm4a' };

const SENTENCES = [
  'Hello from the Unigate emulator.',
  'This transcript is sample text.',
  'Its segments share the length of the audio.',
  'The same file always gives the same words.',
];

class TranscriptionRequestError extends Error {}

function fail(message: string): never {
  throw new TranscriptionRequestError(message);
}

interface TranscriptionRequest {
  file: File;
  format: ResponseFormat;
  language: string;
  temperature: number;
  prompt: string;
}

function fileFormat(file: File): string {
  const dot = file.name.lastIndexOf('.');
  if (dot !== -1) return file.name.slice(dot + 1).toLowerCase();
  const subtype = file.type.split(';')[0]!.trim().toLowerCase().split('/')[1] ?? '';
  return FORMAT_BY_SUBTYPE[subtype] ?? subtype;
}

function readFile(form: FormData): File {
  const file = form.get('file');
  if (file === null) fail('Missing required field: file');
  if (typeof file === 'string') fail('Invalid file: the file field holds text, not a file');
  const format = fileFormat(file);
  if (!(TRANSCRIPTION_FORMATS as readonly string[]).includes(format)) {
    fail(`Invalid file format '${file.name || file.type}'. Supported formats: ${TRANSCRIPTION_FORMATS.join(', ')}`);
  }
  if (file.size === 0) fail('Invalid file: the file is empty');
  if (file.size > MAX_TRANSCRIPTION_BYTES) {
    fail(`Maximum file size exceeded: ${file.size} bytes; the limit is ${MAX_TRANSCRIPTION_BYTES} bytes (25 MB)`);
  }
  return file;
}

function readRequest(form: FormData): TranscriptionRequest {
  const text = (name: string) => {
    const value = form.get(name);
    if (value !== null && typeof value !== 'string') fail(`Invalid ${name}: must be text, got a file`);
    return value ?? undefined;
  };
  if (!text('model')) fail('Missing required field: model');
  const file = readFile(form);
  const format = text('response_format') ?? 'json';
  if (!(RESPONSE_FORMATS as readonly string[]).includes(format)) {
    fail(`Invalid response_format '${format}': must be one of ${RESPONSE_FORMATS.join(', ')}`);
  }
  const language = text('language') ?? 'en';
  if (!LANGUAGE_NAMES.has(language))
    fail(`Invalid language '${language}': must be an ISO-639-1 code of a supported language`);
  const temperatureText = text('temperature') ?? '0';
  const temperature = Number(temperatureText);
  if (temperatureText.trim() === '' || !(temperature >= 0 && temperature <= 1)) {
    fail(`Invalid temperature '${temperatureText}': must be a number from 0 to 1`);
  }
  return { file, format: format as ResponseFormat, language, temperature, prompt: text('prompt') ?? '' };
}

/** At least three segments, one per five seconds beyond that, sharing the length to the millisecond. */
export function transcriptCues(durationSeconds: number): TranscriptCue[] {
  const totalMs = Math.round(durationSeconds * 1000);
  const count = Math.max(3, Math.ceil(durationSeconds / 5));
  return Array.from({ length: count }, (_, i) => ({
    start: Math.round((totalMs * i) / count) / 1000,
    end: Math.round((totalMs * (i + 1)) / count) / 1000,
    text: SENTENCES[i % SENTENCES.length]!,
  }));
}

/** A word of `verbose_json`'s `words`: the text without its punctuation, as Whisper's word timings give it. */
export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
}

/** Each cue's words, sharing the cue's time evenly to the millisecond: the last word ends where the cue does. */
export function transcriptWords(cues: readonly TranscriptCue[]): TranscriptWord[] {
  return cues.flatMap(cue => {
    const words = cue.text.split(' ').map(word => word.replace(/[.,!?;:]+$/, ''));
    const startMs = Math.round(cue.start * 1000);
    const spanMs = Math.round(cue.end * 1000) - startMs;
    const at = (i: number) => (startMs + Math.round((spanMs * i) / words.length)) / 1000;
    return words.map((word, i) => ({ word, start: at(i), end: at(i + 1) }));
  });
}

function verboseJson(request: TranscriptionRequest, duration: number, cues: TranscriptCue[]): object {
  return {
    task: 'transcribe',
    language: LANGUAGE_NAMES.get(request.language),
    duration,
    text: cues.map(cue => cue.text).join(' '),
    segments: cues.map((cue, id) => ({
      id,
      seek: Math.floor(cue.start * 100),
      start: cue.start,
      end: cue.end,
      text: ` ${cue.text}`,
      tokens: cue.text.split(' ').map((_, word) => 50_364 + id * 100 + word),
      temperature: request.temperature,
      avg_logprob: -0.25,
      compression_ratio: 1.2,
      no_speech_prob: 0.01,
    })),
    words: transcriptWords(cues),
  };
}

/** The body and content type of each format. */
function answer(request: TranscriptionRequest, duration: number): [string, string] {
  const cues = transcriptCues(duration);
  switch (request.format) {
    case 'json':
      return [JSON.stringify({ text: cues.map(cue => cue.text).join(' ') }), 'application/json'];
    case 'verbose_json':
      return [JSON.stringify(verboseJson(request, duration, cues)), 'application/json'];
    case 'text':
      return [`${cues.map(cue => cue.text).join(' ')}\n`, 'text/plain; charset=utf-8'];
    case 'srt':
      return [srtText(cues), 'application/x-subrip; charset=utf-8'];
    case 'vtt':
      return [vttText(cues), 'text/vtt; charset=utf-8'];
  }
}

/** The route: 400 (chat style) for a missing or wrong field or file; else the transcript. */
export const transcriptionRoute: EmulatorRoute = async (_request, context) => {
  let request: TranscriptionRequest;
  try {
    request = readRequest(context.body as FormData);
  } catch (error) {
    if (error instanceof TranscriptionRequestError) return errorResponse('chat', 400, error.message);
    throw error;
  }
  const { fault } = readMarkers(request.prompt);
  if (fault?.kind === 'status')
    return errorResponse('chat', fault.status, `Emulated HTTP ${fault.status} ([[emulator:status:${fault.status}]])`);
  const head = new Uint8Array(await request.file.slice(0, 65_536).arrayBuffer());
  const seconds = wavDurationSeconds(head, request.file.size) ?? request.file.size / ESTIMATE_BYTES_PER_SECOND;
  const [body, contentType] = answer(request, Math.round(seconds * 1000) / 1000);
  return jsonTextResponse(fault?.kind === 'truncate' ? cutInHalf(body) : body, 200, { 'content-type': contentType });
};
