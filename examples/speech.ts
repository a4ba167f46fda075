import { mkdir, writeFile } from 'node:fs/promises';
import { experimental_generateSpeech as generateSpeech } from 'ai'; // ai@7: `generateSpeech`
import { unigateCost, type UnigateProvider, type UnigateSpeechFormat, unigateSpeechMetadata } from '../src/index';
import { costNote, type CostLedger } from './costs';
import { keepingResults, usageNote } from './model-results';

const FORMATS: UnigateSpeechFormat[] = ['mp3', 'opus', 'aac', 'flac', 'wav'];

/** Text to speech: one file per format in examples/output/, with the media type the gateway sent and the usage. */
export async function speech(gw: UnigateProvider, ledger: CostLedger, model = 'tts-1'): Promise<void> {
  console.log(`\n# Speech (${model})`);
  const outputDir = new URL('./output/', import.meta.url);
  await mkdir(outputDir, { recursive: true });

  for (const format of FORMATS) {
    const speechModel = keepingResults(gw.speech(model));
    const spoken = await generateSpeech({
      model: speechModel.model,
      text: 'Hello from the Unigate demo.',
      voice: 'nova',
      outputFormat: format,
    });
    const { audio } = spoken;
    const mediaType = unigateSpeechMetadata(spoken)?.mediaType ?? audio.mediaType;
    const name = `speech.${format}`;
    await writeFile(new URL(name, outputDir), audio.uint8Array);
    const cost = costNote(ledger.add(`speech ${format} ${model}`, unigateCost(spoken)));
    console.log(
      `  ${name.padEnd(12)} ${mediaType.padEnd(11)} ${`${audio.uint8Array.length} bytes`.padEnd(12)} ${cost}; ` +
        usageNote(speechModel.last(), 'not reported'),
    );
  }
}
