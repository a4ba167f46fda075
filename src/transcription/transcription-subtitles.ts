import { InvalidArgumentError, InvalidResponseDataError } from '@ai-sdk/provider';
import type { TranscriptionSegment } from './transcription-api-types';

// Subtitles from any transcription's segments. Times are rounded to the millisecond, the precision both
// formats carry, so parsing the output gives back the same segments to the millisecond.

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** `HH:MM:SS<separator>mmm`; hours grow past two digits when the audio is that long. */
function timestamp(seconds: number, separator: ',' | '.'): string {
  const total = Math.round(seconds * 1000);
  const ms = total % 1000;
  const s = Math.floor(total / 1000) % 60;
  const m = Math.floor(total / 60_000) % 60;
  const h = Math.floor(total / 3_600_000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(ms, 3)}`;
}

/** A cue's text: trimmed, and without blank lines, which would end the cue early. */
function cueText(segment: TranscriptionSegment, index: number): string {
  const { startSecond, endSecond } = segment;
  if (!Number.isFinite(startSecond) || !Number.isFinite(endSecond) || startSecond < 0 || endSecond < startSecond) {
    throw new InvalidArgumentError({
      argument: `segments[${index}]`,
      message:
        `Invalid argument segments[${index}]: a cue needs 0 <= startSecond <= endSecond; ` +
        `received startSecond ${startSecond}, endSecond ${endSecond}.`,
    });
  }
  return segment.text
    .trim()
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]*\n+/g, '\n');
}

function cues(segments: readonly TranscriptionSegment[], separator: ',' | '.', numbered: boolean): string[] {
  return segments.map((segment, index) => {
    const text = cueText(segment, index);
    const range = `${timestamp(segment.startSecond, separator)} --> ${timestamp(segment.endSecond, separator)}`;
    return `${numbered ? `${index + 1}\n` : ''}${range}\n${text}\n`;
  });
}

/**
 * SubRip (`.srt`) subtitles from transcript segments: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`.
 * Each segment's text is trimmed.
 *
 * @example
 * const { segments } = await transcribe({ model: gw.transcription('whisper-1'), audio });
 * await writeFile('talk.srt', toSrt(segments));
 */
export function toSrt(segments: readonly TranscriptionSegment[]): string {
  return cues(segments, ',', true).join('\n');
}

/**
 * WebVTT (`.vtt`) subtitles from transcript segments: the `WEBVTT` header, then cues
 * `HH:MM:SS.mmm --> HH:MM:SS.mmm`. Each segment's text is trimmed.
 */
export function toVtt(segments: readonly TranscriptionSegment[]): string {
  return ['WEBVTT\n', ...cues(segments, '.', false)].join('\n');
}

// Reads SubRip and WebVTT cues back into segments. One reader serves both: a cue is the block holding a
// `-->` line; index lines, the WEBVTT header, NOTE and STYLE blocks and cue settings are skipped.

const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s|$)`);

/** Milliseconds as seconds: an integer count of ms divided once, so a time round-trips exactly. */
function seconds(match: RegExpExecArray, first: number): number {
  const [h = '0', m, s, fraction] = match.slice(first, first + 4);
  const ms = Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(fraction!.padEnd(3, '0'));
  return ms / 1000;
}

/** The cues of an `srt` or `vtt` body as segments, in order. A `-->` line that does not parse is an error. */
export function parseSubtitles(body: string): TranscriptionSegment[] {
  const blocks = body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/);
  const segments: TranscriptionSegment[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex(line => line.includes('-->'));
    if (at === -1 || /^\s*NOTE(\s|$)/.test(lines[0]!)) continue;
    const match = TIMING.exec(lines[at]!);
    if (match === null) {
      throw new InvalidResponseDataError({
        data: body,
        message: `Unigate returned subtitles with an unreadable time range: ${JSON.stringify(lines[at]!.slice(0, 80))}.`,
      });
    }
    segments.push({
      text: lines
        .slice(at + 1)
        .join('\n')
        .trim(),
      startSecond: seconds(match, 1),
      endSecond: seconds(match, 5),
    });
  }
  return segments;
}
