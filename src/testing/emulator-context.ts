/** A model in the emulator's sample catalog. Sample data, labelled as such: not the real gateway's list. */
export interface EmulatorModel {
  id: string;
  provider: string;
  type: 'chat' | 'audio' | 'embedding' | 'image' | 'video';
  contextWindow?: number | string;
  inputPrice: number | string;
  outputPrice: number | string;
  isNew: boolean;
  created: number;
  /** Chat models only: answers carry reasoning text (`reasoning_content`, thinking blocks). */
  reasoning?: boolean;
}

/** What the router hands every endpoint route, after auth and the daily limit passed. */
export interface EmulatorContext {
  /** Injectable clock, ms since epoch. */
  now(): number;
  /** The sample catalog by id. */
  models: ReadonlyMap<string, EmulatorModel>;
  /** True when the configured key lacks access to this model (403). */
  isDenied(modelId: string): boolean;
  /** The origin the request arrived on, e.g. `http://127.0.0.1:4123`, for absolute URLs in answers. */
  origin: string;
  /** Pause between SSE events in ms (0: none). Routes pass it to `sseResponse`. */
  streamDelayMs?: number;
}

/** One endpoint of the emulator. */
export type EmulatorRoute = (request: Request, context: EmulatorContext) => Promise<Response>;
