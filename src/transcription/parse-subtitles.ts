import { InvalidResponseDataError } from '@ai-sdk/provider';
import type { TranscriptionSegment } from './transcription-segment';

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
