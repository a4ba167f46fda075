import { mkdir, writeFile } from 'node:fs/promises';
import * as ai from 'ai';
import { toSrt, toVtt, unigateCost, type UnigateProvider } from '../src/index';
import { costNote, type CostLedger } from './costs';
import { keepingResults, usageNote } from './model-results';

// ai@7 calls it `transcribe`; ai@6 only has `experimental_transcribe` (ai@7 keeps that as a deprecated alias).
const transcribe = ((ai as Record<string, unknown>).transcribe ??
  ai.experimental_transcribe) as typeof ai.experimental_transcribe;

/** Four seconds of a rising tone as 16-bit PCM mono WAV at 16 kHz: something to transcribe, made here. */
function demoWav(seconds = 4, rate = 16_000): Uint8Array {
  const dataBytes = seconds * rate * 2;
  const wav = new DataView(new ArrayBuffer(44 + dataBytes));
  const header: Array<[number, string | number, 16 | 32 | 'tag']> = [
    [0, 'RIFF', 'tag'],
    [4, 36 + dataBytes, 32],
    [8, 'WAVE', 'tag'],
    [12, 'fmt ', 'tag'],
    [16, 16, 32],
    [20, 1, 16],
    [22, 1, 16],
    [24, rate, 32],
    [28, rate * 2, 32],
    [32, 2, 16],
    [34, 16, 16],
    [36, 'data', 'tag'],
    [40, dataBytes, 32],
  ];
  for (const [at, value, kind] of header) {
    if (kind === 'tag') [...(value as string)].forEach((c, i) => wav.setUint8(at + i, c.charCodeAt(0)));
    else if (kind === 32) wav.setUint32(at, value as number, true);
    else wav.setUint16(at, value as number, true);
  }
  for (let i = 0; i < seconds * rate; i++) {
    wav.setInt16(44 + i * 2, Math.round(4000 * Math.sin((2 * Math.PI * (220 + i / 200) * i) / rate)), true);
  }
  return new Uint8Array(wav.buffer);
}

/** Speech to text: transcribe a WAV, print what comes back, and write its subtitles to examples/output/. */
export async function transcription(gw: UnigateProvider, ledger: CostLedger, model = 'whisper-1'): Promise<void> {
  console.log(`\n# Transcription (${model})`);
  const audio = demoWav();

  const verbose = keepingResults(gw.transcription(model));
  const result = await transcribe({
    model: verbose.model,
    audio,
    providerOptions: { unigate: { language: 'en' } },
  });
  console.log(`  text:     ${result.text}`);
  const cost = costNote(ledger.add(`transcribe ${model}`, unigateCost(result)), 'no duration, or not priced');
  console.log(`  language: ${result.language}; duration: ${result.durationInSeconds} s; ${cost}`);
  // Word timings (V4's words; ai@6 has them in providerMetadata.unigate.words only) and the billed seconds.
  const words = verbose.last().words;
  console.log(`  words:    ${words?.length ?? 'none'}; ${usageNote(verbose.last(), 'no duration stated')}`);
  for (const segment of result.segments) {
    console.log(`    [${segment.startSecond.toFixed(2)}-${segment.endSecond.toFixed(2)}] ${segment.text.trim()}`);
  }

  // Subtitles from any result's segments, whatever format was asked for.
  await mkdir(new URL('./output/', import.meta.url), { recursive: true });
  await writeFile(new URL('./output/transcription.srt', import.meta.url), toSrt(result.segments));
  await writeFile(new URL('./output/transcription.vtt', import.meta.url), toVtt(result.segments));
  console.log('  wrote examples/output/transcription.srt and .vtt (toSrt / toVtt)');

  // Or ask the gateway for subtitles: the raw text is in providerMetadata, its cues in segments.
  const subtitles = keepingResults(gw.transcription(model));
  const srt = await transcribe({
    model: subtitles.model,
    audio,
    providerOptions: { unigate: { responseFormat: 'srt' } },
  });
  const srtCost = costNote(ledger.add(`transcribe srt ${model}`, unigateCost(srt)), 'no duration, or not priced');
  const srtUsage = usageNote(subtitles.last(), 'subtitles state no duration');
  console.log(
    `  responseFormat srt: ${srt.segments.length} cues; ${srtCost}; ${srtUsage}; first:\n    ${String(srt.providerMetadata.unigate?.subtitles).split('\n').slice(0, 3).join('\n    ')}`,
  );
}
