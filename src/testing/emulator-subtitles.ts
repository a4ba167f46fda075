// The emulator's own SubRip and WebVTT writer (the emulator imports nothing from the provider).

/** A timed line of the emulator's transcript. */
export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

function clock(seconds: number, decimal: string): string {
  const ms = Math.round(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = two(Math.floor(ms / 3_600_000));
  const rest = `${two(Math.floor(ms / 60_000) % 60)}:${two(Math.floor(ms / 1000) % 60)}`;
  return `${hours}:${rest}${decimal}${String(ms % 1000).padStart(3, '0')}`;
}

/** `srt`: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each. */
export function srtText(cues: readonly TranscriptCue[]): string {
  return cues
    .map((cue, i) => `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cue.text}\n\n`)
    .join('');
}

/** `vtt`: the `WEBVTT` line, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm`. */
export function vttText(cues: readonly TranscriptCue[]): string {
  return `WEBVTT\n\n${cues.map(cue => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${cue.text}\n\n`).join('')}`;
}
