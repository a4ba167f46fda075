// `unigate-ai-provider/testing`: the gateway emulator for tests, demos and local development.
export { createUnigateEmulator, EMULATOR_API_KEY } from './create-unigate-emulator';
export type { UnigateEmulatorDownload } from './emulator-download';
export type {
  UnigateEmulator,
  UnigateEmulatorOptions,
  UnigateEmulatorServer,
  UnigateEmulatorSettings,
} from './create-unigate-emulator';
export type { EmulatorModel as UnigateEmulatorModel } from './emulator-context';
export type { EmulatorRequestLogEntry as UnigateEmulatorRequestLogEntry } from './emulator-router';
export { SAMPLE_MODELS } from './sample-catalog';
export type { VideoJobTiming as UnigateEmulatorVideoJobTiming } from './video-jobs';
