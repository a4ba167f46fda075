import { experimental_generateVideo as generateVideo } from 'ai';
import { unigateCost, type UnigateProvider, type UnigateVideoJob, unigateVideoMetadata } from '../src/index';
import type { UnigateEmulatorDownload } from '../src/testing/index';
import { costNote, type CostLedger } from './costs';

/**
 * Video: one job through experimental_generateVideo, a progress line per status change, then the file.
 * The poll interval is the provider's (`videoPollIntervalMs`: 5 s live, 20 ms in the emulator's settings).
 * `download` is the emulator's (the AI SDK's default downloader refuses loopback URLs); undefined live,
 * where the gateway's public video URLs suit the default one.
 */
export async function video(
  gw: UnigateProvider,
  download: UnigateEmulatorDownload | undefined,
  ledger: CostLedger,
  model = 'veo-3',
): Promise<void> {
  console.log(`\n# Video (${model})`);
  const started = Date.now();
  const onStatus = (job: UnigateVideoJob) =>
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s  ${job.jobId}: ${job.status}`);
  const result = await generateVideo({
    model: gw.video(model, { onStatus }),
    prompt: 'A paper boat drifting down a rainy street, cinematic',
    aspectRatio: '16:9',
    duration: 5,
    download,
  });
  const metadata = unigateVideoMetadata(result);
  console.log(`  video URL: ${metadata?.videoUrl}`);
  console.log(`  thumbnail: ${metadata?.thumbnailUrl ?? '(none)'}`);
  console.log(`  downloaded ${result.video.uint8Array.length} bytes of ${result.video.mediaType}`);
  // A price table's perVideo only: the catalog has no per-video price.
  console.log(`  ${costNote(ledger.add(`generateVideo ${model}`, unigateCost(result)), 'no perVideo price')}`);
}
