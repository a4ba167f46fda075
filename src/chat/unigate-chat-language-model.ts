import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import type { UnigateModelContext } from '../model-call/model-context';
import { IMAGE_URLS } from '../prompt/image-media-type';
import type { UnigateChatModelId } from '../settings/unigate-model-ids';
import { type StreamExtras, takesStreamExtras } from '../streams/stream-extras';
import type { ChatCallTarget } from './chat-model-calls';

// The calls, once loaded: later calls use them without another import() (chat is the hot path).
let calls: typeof import('./chat-model-calls') | undefined;
let stream: typeof import('./chat-stream') | undefined;

/**
 * A language model over the gateway's chat-completions endpoint (`POST {base_url}/chat/completions`).
 * Created by `gw(id)`, `gw.chat(id)` or `gw.languageModel(id)`. What its calls run is loaded by the first
 * one: `chat-model-calls.ts` for `doGenerate`, `chat-stream.ts` (with the calls) for `doStream`.
 */
export class UnigateChatLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly [takesStreamExtras] = true as const;
  readonly modelId: UnigateChatModelId;
  /** `unigate.chat`. */
  readonly provider: string;
  /** Image URLs go to the gateway as they are; other files are never downloaded for this format. */
  readonly supportedUrls: Record<string, RegExp[]> = IMAGE_URLS;
  private readonly target: ChatCallTarget;

  constructor(modelId: UnigateChatModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.provider = `${context.chat.provider}.chat`;
    this.target = { modelId, context, config: context.chat };
  }

  /**
   * The body a call with `options` sends, every argument checked, nothing sent: what a budget reserves
   * from (docs/budgets.md#what-a-call-reserves).
   */
  async prepareWireBody(options: LanguageModelV3CallOptions): Promise<unknown> {
    calls ??= await import('./chat-model-calls');
    return calls.chatRequests.wireBody(this.target, options);
  }

  /**
   * Whether a stream of this call can continue a final assistant message (a fallback chain's hand-over,
   * docs/resume.md#what-each-upstream-allows; the policy is src/resume/stream-resume.ts's).
   */
  async continuesPrefill(options: LanguageModelV3CallOptions): Promise<boolean> {
    calls ??= await import('./chat-model-calls');
    return calls.chatContinuesPrefill(this.target, options);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    calls ??= await import('./chat-model-calls');
    return calls.generateChat(this.target, options);
  }

  /** `extras`: what a wrapper (fallback, budget) adds to the stream, applied in its own parts; see stream-extras.ts. */
  async doStream(options: LanguageModelV3CallOptions, extras?: StreamExtras): Promise<LanguageModelV3StreamResult> {
    stream ??= await import('./chat-stream');
    return stream.streamChat(this.target, options, extras);
  }
}
