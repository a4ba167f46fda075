import type { UnigateModelContext } from '../model-call/model-context';
import { IMAGE_URLS } from '../prompt/image-media-type';
import type { UnigateMessagesModelId } from '../settings/unigate-model-ids';
import { LanguageModelShell } from '../streams/stream-extras';
import type { MessagesCallTarget } from './messages-model-calls';

// The calls, once loaded: later calls use them without another import() (a stream's first delta waits for it).
let calls: typeof import('./messages-model-calls') | undefined;
let stream: typeof import('./messages-stream') | undefined;

/**
 * A language model over the messages format (`POST {site_url}/api/v1/messages`). Created by
 * `gw.messages(id)`, or by `gw(id)` for a model the messages format serves. What its calls run is loaded
 * by the first one: `messages-model-calls.ts` for `doGenerate`, `messages-stream.ts` for `doStream`. A
 * stream continues a final assistant turn (a fallback chain's hand-over) except with extended thinking
 * (a prefill is refused upstream), with the JSON-answer tool, or on Claude 4.6 and later (they refuse any prefill).
 */
export class UnigateMessagesLanguageModel extends LanguageModelShell<MessagesCallTarget, UnigateMessagesModelId> {
  // http(s) image URLs go to the gateway as `url` image sources instead of being downloaded first.
  readonly supportedUrls: Record<string, RegExp[]> = IMAGE_URLS;

  constructor(modelId: UnigateMessagesModelId, context: UnigateModelContext) {
    super(modelId, `${context.messages.provider}.messages`, { modelId, context, config: context.messages });
  }

  protected async loadCalls() {
    return (calls ??= await import('./messages-model-calls'));
  }

  protected async loadStream() {
    return (stream ??= await import('./messages-stream'));
  }
}
