// A video job started in one process and finished in another, as a queue worker or a durable workflow
// would: only the job id travels. `npx tsx examples/video-worker.ts` starts the emulator on loopback
// (or uses the real gateway when UNIGATE_API_KEY is set), creates a job, then runs
// `examples/video-worker.ts wait <jobId>` as a child process that resumes the wait by id.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createUnigate } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

const [, , command, jobId] = process.argv;

if (command === 'wait') {
  // The worker: settings from the environment the parent passed on, the job id from the queue.
  const gw = createUnigate({ videoPollIntervalMs: Number(process.env.VIDEO_POLL_INTERVAL_MS ?? 5_000) });
  const done = await gw.videoJobs.wait(jobId!, {
    onStatus: job => console.log(`  [worker ${process.pid}] ${job.jobId}: ${job.status}`),
  });
  console.log(`  [worker ${process.pid}] done: ${done.result.videoUrl}`);
} else {
  const live = Boolean(process.env.UNIGATE_API_KEY);
  const server = live ? undefined : await createUnigateEmulator().listen();
  const settings = server?.settings;
  const gw = createUnigate(settings);
  try {
    const job = await gw.videoJobs.create({ model: 'veo-3', prompt: 'A lighthouse at dusk', aspectRatio: '9:16' });
    console.log(`  [starter ${process.pid}] created ${job.jobId} (${job.status}); handing the id to a worker`);
    const env = settings
      ? {
          ...process.env,
          UNIGATE_API_KEY: settings.apiKey,
          UNIGATE_SITE_URL: settings.siteURL,
          UNIGATE_BASE_URL: settings.baseURL,
          UNIGATE_ALT_BASE_URL: settings.altBaseURL,
          VIDEO_POLL_INTERVAL_MS: String(settings.videoPollIntervalMs),
        }
      : process.env;
    // Asynchronously: this process serves the emulator the worker polls.
    const worker = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'wait', job.jobId], {
      env,
      stdio: 'inherit',
    });
    const [code] = await once(worker, 'exit');
    if (code !== 0) throw new Error(`The worker exited with code ${code}`);
  } finally {
    await server?.close();
  }
}
