// `unigate-ai-provider/testing`: the gateway emulator for tests, demos and local development.
export {
  createUnigateEmulator,
  EMULATOR_API_KEY,
  EMULATOR_ORIGIN,
  EMULATOR_VIDEO_POLL_INTERVAL_MS,
} from './create-unigate-emulator';
export type { UnigateEmulatorDownload } from './emulator-download';
export type {
  UnigateEmulator,
  UnigateEmulatorOptions,
  UnigateEmulatorServer,
  UnigateEmulatorSettings,
} from './create-unigate-emulator';
export type { EmulatorModel } from './emulator-context';
export type { EmulatorFault } from './emulator-faults';
export type { EmulatorRequestLogEntry } from './emulator-router';
export { DAILY_LIMIT_MESSAGE } from './emulator-router';
export { SAMPLE_CATALOG_NOTE, SAMPLE_MODELS } from './sample-catalog';
export type { VideoJobStatus, VideoJobTiming } from './video-jobs';
