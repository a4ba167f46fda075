/**
 * Memory of one 25 MB transcription: sends a 25 MiB WAV through `doGenerate` to a loopback server in
 * its own process (so the server's buffers never count), sampling this process's RSS and ArrayBuffer
 * memory every millisecond. Reports the peak growth over the state before the file existed, as a
 * multiple of the file size (the file itself included: 1.0x is the caller's own copy). Not a test.
 *
 *   node --expose-gc --import tsx bench/transcription-memory.ts
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createUnigate } from '../src/index';

const FILE_BYTES = 25 * 1024 * 1024;
const VERBOSE = JSON.stringify({ task: 'transcribe', language: 'english', duration: 819.2, text: 'ok', segments: [] });

function serve(): void {
  const server = createServer((req, res) => {
    let received = 0;
    req.on('data', (chunk: Buffer) => (received += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-received': String(received) });
      res.end(VERBOSE);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));
}

function wav(bytes: number): Uint8Array {
  const file = new Uint8Array(bytes);
  const view = new DataView(file.buffer);
  file.set(
    [...'RIFF'].map(c => c.charCodeAt(0)),
    0,
  );
  view.setUint32(4, bytes - 8, true);
  file.set(
    [...'WAVEfmt '].map(c => c.charCodeAt(0)),
    8,
  );
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 16_000, true);
  view.setUint32(28, 32_000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  file.set(
    [...'data'].map(c => c.charCodeAt(0)),
    36,
  );
  view.setUint32(40, bytes - 44, true);
  for (let i = 44; i < bytes; i++) file[i] = (i * 31) & 0xff; // not zeros: pages are really touched
  return file;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function measure(label: string, origin: string, makeAudio: () => Uint8Array | string): Promise<void> {
  gc?.();
  await new Promise(resolve => setTimeout(resolve, 50));
  gc?.();
  const before = process.memoryUsage();
  let audio: Uint8Array | string | undefined = makeAudio();
  const inputBytes = typeof audio === 'string' ? audio.length : audio.byteLength;
  let peakRss = 0;
  let peakBuffers = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss - before.rss);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers + now.external - before.arrayBuffers - before.external);
  };
  const timer = setInterval(sample, 1);
  sample();
  const gw = createUnigate({ apiKey: 'sk-bench', baseURL: `${origin}/v1` });
  const result = await gw.transcription('whisper-1').doGenerate({ audio, mediaType: 'audio/wav' });
  sample();
  clearInterval(timer);
  audio = undefined;
  const received = Number(result.response.headers?.['x-received']);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  const x = (n: number) => `${(n / FILE_BYTES).toFixed(2)}x`;
  console.log(
    `${label.padEnd(30)} input ${mb(inputBytes)}; upload ${mb(received)}; ` +
      `peak RSS growth ${mb(peakRss)} (${x(peakRss)} the file); peak ArrayBuffer+external growth ${mb(peakBuffers)} (${x(peakBuffers)})`,
  );
}

async function main(): Promise<void> {
  if (!gc) console.log('(run with node --expose-gc for steadier figures)');
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>(resolve => child.once('message', message => resolve(message as number)));
  const origin = `http://127.0.0.1:${port}`;
  try {
    console.log(
      `Transcription memory: one ${FILE_BYTES.toLocaleString('en-US')}-byte WAV (25 MiB), Node ${process.version}`,
    );
    await measure('Uint8Array (as ai passes it)', origin, () => wav(FILE_BYTES));
    await measure('base64 string', origin, () => Buffer.from(wav(FILE_BYTES)).toString('base64'));
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--server')) serve();
else await main();
