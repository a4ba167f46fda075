import type { InputTokenCounting } from './emulator-text';
import type { PromptCache } from './prompt-cache';
import type { VideoJobStore } from './video-jobs';

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
  /**
   * Chat models only, like DeepSeek's thinking mode (`deepseek-reasoner` in the sample catalog): a request
   * whose assistant message with `tool_calls` comes without its `reasoning_content` gets 400, with
   * DeepSeek's message ("Missing `reasoning_content` field in the assistant message at message index N").
   */
  reasoningContentRequired?: boolean;
  /**
   * Chat models only: takes `reasoning_content` back on assistant messages though its answers carry none
   * here (models whose thinking is switched on per request, e.g. `deepseek-chat`, `glm-4.6`). A chat model
   * that is neither this nor `reasoning` answers 400 to any message field outside the public schema.
   */
  takesReasoningBack?: boolean;
}

/**
 * What the router hands every endpoint route, once the checks all routes share passed (method, key,
 * daily limit, route headers, body, model: see emulator-request-checks.ts).
 */
export interface EmulatorContext {
  /** Injectable clock, ms since epoch. */
  now(): number;
  /** The sample catalog by id. */
  models: ReadonlyMap<string, EmulatorModel>;
  /** The origin the request arrived on, e.g. `http://127.0.0.1:4123`, for absolute URLs in answers. */
  origin: string;
  /** Pause between SSE events in ms (0: none). Routes pass it to `sseResponse`. */
  streamDelayMs?: number;
  /** The `:name` segments of the route's path pattern, e.g. `{ jobId: 'vid-1' }` for `/videos/status/:jobId`. */
  params: Readonly<Record<string, string>>;
  /** The body the route declares: parsed JSON, or FormData for multipart; undefined for routes without one. */
  body?: unknown;
  /**
   * The catalog model the body's `model` names, checked: it exists, has the route's model type and the
   * key may use it. Undefined when the body names no model (the route's own validation reports that).
   */
  model?: EmulatorModel;
  /** This emulator's video jobs (each emulator instance has its own). */
  videoJobs: VideoJobStore;
  /** This emulator's prompt cache (each instance has its own; the `caching` option turns it off). */
  promptCache: PromptCache;
  /** How input tokens are counted (the `tokenCounting` option); words when absent. */
  inputCounting?: InputTokenCounting;
}

/** One endpoint of the emulator. */
export type EmulatorRoute = (request: Request, context: EmulatorContext) => Promise<Response>;
