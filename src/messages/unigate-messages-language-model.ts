import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import type { UnigateModelContext } from '../model-call/model-context';
import { IMAGE_URLS } from '../prompt/image-media-type';
import type { UnigateMessagesModelId } from '../settings/unigate-model-ids';
import { type StreamExtras, takesStreamExtras } from '../streams/stream-extras';
import type { MessagesCallTarget } from './messages-model-calls';

// The calls, once loaded: later calls use them without another import() (a stream's first delta waits for it).
let calls: typeof import('./messages-model-calls') | undefined;
let stream: typeof import('./messages-stream') | undefined;

/**
 * A language model over the messages format (`POST {site_url}/api/v1/messages`). Created by
 * `gw.messages(id)`, or by `gw(id)` for a model the messages format serves. What its calls run is loaded
 * by the first one: `messages-model-calls.ts` for `doGenerate`, `messages-stream.ts` for `doStream`.
 */
export class UnigateMessagesLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly [takesStreamExtras] = true as const;
  /** `unigate.messages`. */
  readonly provider: string;
  readonly modelId: UnigateMessagesModelId;
  // http(s) image URLs go to the gateway as `url` image sources instead of being downloaded first.
  readonly supportedUrls: Record<string, RegExp[]> = IMAGE_URLS;
  private readonly target: MessagesCallTarget;

  constructor(modelId: UnigateMessagesModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.provider = `${context.messages.provider}.messages`;
    this.target = { modelId, provider: this.provider, context };
  }

  /**
   * The body a call with `options` sends, every argument checked, nothing sent: what a budget reserves
   * from (docs/budgets.md#what-a-call-reserves).
   */
  async prepareWireBody(options: LanguageModelV3CallOptions): Promise<unknown> {
    calls ??= await import('./messages-model-calls');
    return calls.messagesRequests.wireBody(this.target, options);
  }

  /**
   * Whether a stream of this call can continue a final assistant turn (a fallback chain's hand-over,
   * docs/resume.md): not with extended thinking (a prefill is refused upstream), nor with the JSON-answer tool,
   * nor on Claude 4.6 and later (they refuse any prefill).
   */
  async continuesPrefill(options: LanguageModelV3CallOptions): Promise<boolean> {
    calls ??= await import('./messages-model-calls');
    return calls.messagesContinuesPrefill(this.target, options);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    calls ??= await import('./messages-model-calls');
    return calls.generateMessages(this.target, options);
  }

  /** `extras`: what a wrapper (fallback, budget) adds to the stream, applied in its own parts; see stream-extras.ts. */
  async doStream(options: LanguageModelV3CallOptions, extras?: StreamExtras): Promise<LanguageModelV3StreamResult> {
    stream ??= await import('./messages-stream');
    return stream.streamMessages(this.target, options, extras);
  }
}
