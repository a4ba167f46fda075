import { mkdir, writeFile } from 'node:fs/promises';
import { generateImage } from 'ai'; // the same name in ai@6 and ai@7
import {
  unigateCost,
  type UnigateImageProviderOptions,
  type UnigateProvider,
  unigateImageMetadata,
} from '../src/index';
import { costNote, type CostLedger } from './costs';

/** Width x height from a PNG's IHDR chunk (bytes 16-23), or `?` for another format. */
function pngDimensions(bytes: Uint8Array): string {
  if (bytes[1] !== 0x50 || bytes[2] !== 0x4e || bytes[3] !== 0x47) return '?';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

/**
 * Image generation: two images into examples/output/ (image-1.png, image-2.png), the first inline
 * (b64_json, the default), the second by link (responseFormat 'url', downloaded by the provider).
 */
export async function image(gw: UnigateProvider, ledger: CostLedger, model = 'dall-e-3'): Promise<void> {
  console.log(`\n# Images (${model})`);
  const outputDir = new URL('./output/', import.meta.url);
  await mkdir(outputDir, { recursive: true });

  const runs: Array<{ prompt: string; size: '256x256' | '512x512'; unigate: UnigateImageProviderOptions }> = [
    { prompt: 'a lighthouse', size: '512x512', unigate: {} },
    {
      prompt: 'a lighthouse on a cliff at dusk, seen from the sea',
      size: '256x256',
      unigate: { responseFormat: 'url' },
    },
  ];
  for (const [i, run] of runs.entries()) {
    const result = await generateImage({
      model: gw.image(model),
      prompt: run.prompt,
      size: run.size,
      providerOptions: { unigate: { ...run.unigate } },
    });
    const { image: file } = result;
    const meta = unigateImageMetadata(result)?.images[0];
    // generateImage keeps only the images array of the metadata; unigateCost sums the images' own costs.
    const cost = costNote(
      ledger.add(`generateImage ${i + 1} ${model}`, unigateCost(result), 'no perImage price'),
      'no perImage price',
    );
    const name = `image-${i + 1}.png`;
    await writeFile(new URL(name, outputDir), file.uint8Array);
    console.log(
      `  ${name}  ${pngDimensions(file.uint8Array)}  ${file.uint8Array.length} bytes  (${run.unigate.responseFormat ?? 'b64_json'})  ${cost}`,
    );
    console.log(`    revisedPrompt: ${meta?.revisedPrompt ?? '(not revised)'}`);
    if (meta?.url) console.log(`    downloaded from: ${meta.url}`);
  }
}
