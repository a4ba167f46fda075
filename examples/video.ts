import type { JSONObject } from '@ai-sdk/provider';
import { experimental_generateVideo as generateVideo } from 'ai';
import type { UnigateProvider, UnigateVideoJob, UnigateVideoProviderMetadata, UnigateVideoProviderOptions } from '../src/index';
import { costNote, type CostLedger } from './costs';

/**
 * A plain-fetch download. The AI SDK's default download refuses private hosts (localhost, 127/8, 10/8,
 * ...) to stop server-side request forgery, so the emulator's loopback URLs need one of their own.
 */
async function download({ url, abortSignal }: { url: URL; abortSignal?: AbortSignal }) {
  const response = await fetch(url, { signal: abortSignal });
  if (!response.ok) throw new Error(`Download of ${url} failed with HTTP ${response.status}`);
  return { data: new Uint8Array(await response.arrayBuffer()), mediaType: response.headers.get('content-type') ?? undefined };
}

/** Video: one job through experimental_generateVideo, a progress line per status change, then the file. */
export async function video(gw: UnigateProvider, live: boolean, ledger: CostLedger, model = 'veo-3'): Promise<void> {
  console.log(`\n# Video (${model})`);
  const started = Date.now();
  const options: UnigateVideoProviderOptions = {
    pollIntervalMs: live ? 5_000 : 250,
    onStatus: (job: UnigateVideoJob) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s  ${job.jobId}: ${job.status}`),
  };
  const result = await generateVideo({
    model: gw.video(model),
    prompt: 'A paper boat drifting down a rainy street, cinematic',
    aspectRatio: '16:9',
    duration: 5,
    // onStatus is a function: the AI SDK passes it through, but types provider options as JSON.
    providerOptions: { unigate: options as unknown as JSONObject },
    // Live videos come from the gateway's public URLs: the default download is fine there.
    ...(live ? {} : { download }),
  });
  const metadata = result.providerMetadata.unigate as unknown as UnigateVideoProviderMetadata;
  console.log(`  video URL: ${metadata.videoUrl}`);
  console.log(`  thumbnail: ${metadata.thumbnailUrl ?? '(none)'}`);
  console.log(`  downloaded ${result.video.uint8Array.length} bytes of ${result.video.mediaType}`);
  // A price table's perVideo only: the catalog has no per-video price.
  console.log(`  ${costNote(ledger.add(`generateVideo ${model}`, result.providerMetadata), 'no perVideo price')}`);
}
