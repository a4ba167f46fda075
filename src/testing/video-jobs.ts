// The emulator's video jobs: one store per emulator instance (so two emulators never share a job), moved
// through the job states (docs/video-and-catalog.md#video-job-states) by status polls or by the injected
// clock, never by a timer, so tests decide exactly when a job finishes.

/** The states of a video job (docs/video-and-catalog.md#video-job-states). */
export type VideoJobStatus = 'pending' | 'processing' | 'completed' | 'failed';

/**
 * When an emulated video job finishes (option `videoJob` of `createUnigateEmulator`). By default a job
 * answers `processing` to its first status poll and `completed` to its second.
 */
export interface VideoJobTiming {
  /**
   * The status poll that finishes a job (an integer of at least 1): earlier polls answer `processing`.
   * Default 2. Ignored when `msToComplete` is set.
   */
  pollsToComplete?: number;
  /**
   * Milliseconds of the emulator's clock (`now`) from creation to the end instead: a poll at the creation
   * instant answers `pending`, later ones `processing`, and from `msToComplete` on the job is finished.
   */
  msToComplete?: number;
}

/** A job as the store keeps it. */
interface StoredJob {
  id: string;
  createdAt: number;
  polls: number;
  /** Set when the prompt asked for a failure: the job ends `failed` with this message. */
  failMessage?: string;
}

/** A job's state at one moment. */
export interface VideoJobState {
  id: string;
  status: VideoJobStatus;
  /** With `failed`: the job's `error.message`. */
  failMessage?: string;
}

/** Checks the timing option; a wrong value is the caller's mistake, so it throws at creation. */
function checkTiming({ pollsToComplete, msToComplete }: VideoJobTiming): void {
  if (pollsToComplete !== undefined && (!Number.isInteger(pollsToComplete) || pollsToComplete < 1)) {
    throw new Error(
      `createUnigateEmulator: videoJob.pollsToComplete must be an integer of at least 1; received ${pollsToComplete}`,
    );
  }
  if (msToComplete !== undefined && (!Number.isFinite(msToComplete) || msToComplete < 0)) {
    throw new Error(
      `createUnigateEmulator: videoJob.msToComplete must be a number of at least 0; received ${msToComplete}`,
    );
  }
}

/** The video jobs of one emulator. */
export interface VideoJobStore {
  /** A new job, `pending`; its id is `vid-<n>`, counting from 1 per emulator. */
  create(options: { failMessage?: string }): VideoJobState;
  /** Counts one status poll of the job and answers its state after it; undefined for an unknown id. */
  poll(id: string): VideoJobState | undefined;
  /** The job's state without counting a poll (for serving its files); undefined for an unknown id. */
  peek(id: string): VideoJobState | undefined;
}

/** A store of video jobs on the clock `now`, finishing them by `timing`. */
export function createVideoJobStore(now: () => number, timing: VideoJobTiming = {}): VideoJobStore {
  checkTiming(timing);
  const pollsToComplete = timing.pollsToComplete ?? 2;
  const jobs = new Map<string, StoredJob>();

  const stateOf = (job: StoredJob): VideoJobState => {
    const finished =
      timing.msToComplete !== undefined ? now() - job.createdAt >= timing.msToComplete : job.polls >= pollsToComplete;
    if (finished) {
      return job.failMessage === undefined
        ? { id: job.id, status: 'completed' }
        : { id: job.id, status: 'failed', failMessage: job.failMessage };
    }
    const started = timing.msToComplete !== undefined ? now() > job.createdAt : job.polls > 0;
    return { id: job.id, status: started ? 'processing' : 'pending' };
  };

  return {
    create({ failMessage }) {
      const job: StoredJob = { id: `vid-${jobs.size + 1}`, createdAt: now(), polls: 0 };
      if (failMessage !== undefined) job.failMessage = failMessage;
      jobs.set(job.id, job);
      return { id: job.id, status: 'pending' };
    },
    poll(id) {
      const job = jobs.get(id);
      if (!job) return undefined;
      job.polls++;
      return stateOf(job);
    },
    peek(id) {
      const job = jobs.get(id);
      return job ? stateOf(job) : undefined;
    },
  };
}
