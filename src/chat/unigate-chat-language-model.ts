import type { UnigateModelContext } from '../model-call/model-context';
import { IMAGE_URLS } from '../prompt/image-media-type';
import type { UnigateChatModelId } from '../settings/unigate-model-ids';
import { LanguageModelShell } from '../streams/stream-extras';
import type { ChatCallTarget } from './chat-model-calls';

// The calls, once loaded: later calls use them without another import() (chat is the hot path).
let calls: typeof import('./chat-model-calls') | undefined;
let stream: typeof import('./chat-stream') | undefined;

/**
 * A language model over the gateway's chat-completions endpoint (`POST {base_url}/chat/completions`).
 * Created by `gw(id)`, `gw.chat(id)` or `gw.languageModel(id)`. What its calls run is loaded by the first
 * one: `chat-model-calls.ts` for `doGenerate`, `chat-stream.ts` (with the calls) for `doStream`.
 */
export class UnigateChatLanguageModel extends LanguageModelShell<ChatCallTarget, UnigateChatModelId> {
  /** Image URLs go to the gateway as they are; other files are never downloaded for this format. */
  readonly supportedUrls: Record<string, RegExp[]> = IMAGE_URLS;

  constructor(modelId: UnigateChatModelId, context: UnigateModelContext) {
    super(modelId, `${context.chat.provider}.chat`, { modelId, context, config: context.chat });
  }

  protected async loadCalls() {
    return (calls ??= await import('./chat-model-calls'));
  }

  protected async loadStream() {
    return (stream ??= await import('./chat-stream'));
  }
}
