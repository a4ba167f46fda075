// The documented option types and the schemas that parse them must describe one shape: checked by
// `npm run typecheck`, never run. A field added to one and not the other fails here.
import { expectTypeOf } from 'vitest';
import type { z } from 'zod/v4';
import type {
  UnigateChatProviderOptions,
  UnigateMessagesProviderOptions,
  UnigateTranscriptionLanguage,
} from '../../src';
import type { unigateChatProviderOptionsSchema } from '../../src/chat/unigate-chat-options';
import type {
  unigateEmbeddingProviderOptionsSchema,
  UnigateEmbeddingProviderOptions,
} from '../../src/embedding/unigate-embedding-options';
import type {
  unigateImageProviderOptionsSchema,
  UnigateImageProviderOptions,
} from '../../src/image/unigate-image-options';
import type { unigateMessagesProviderOptionsSchema } from '../../src/messages/unigate-messages-options';
import type {
  unigateSpeechProviderOptionsSchema,
  UnigateSpeechProviderOptions,
} from '../../src/speech/unigate-speech-options';
import type {
  unigateVideoProviderOptionsSchema,
  UnigateVideoProviderOptions,
} from '../../src/video/unigate-video-options';
import type {
  unigateTranscriptionProviderOptionsSchema,
  UnigateTranscriptionProviderOptions,
} from '../../src/transcription/unigate-transcription-options';

type Parsed<SCHEMA extends () => z.ZodType> = z.output<ReturnType<SCHEMA>>;

expectTypeOf<Parsed<typeof unigateChatProviderOptionsSchema>>().toEqualTypeOf<UnigateChatProviderOptions>();
expectTypeOf<Parsed<typeof unigateMessagesProviderOptionsSchema>>().toEqualTypeOf<UnigateMessagesProviderOptions>();
expectTypeOf<Parsed<typeof unigateEmbeddingProviderOptionsSchema>>().toEqualTypeOf<UnigateEmbeddingProviderOptions>();
expectTypeOf<Parsed<typeof unigateImageProviderOptionsSchema>>().toEqualTypeOf<UnigateImageProviderOptions>();
expectTypeOf<Parsed<typeof unigateSpeechProviderOptionsSchema>>().toEqualTypeOf<UnigateSpeechProviderOptions>();
expectTypeOf<
  Parsed<typeof unigateTranscriptionProviderOptionsSchema>
>().toEqualTypeOf<UnigateTranscriptionProviderOptions>();
expectTypeOf<Parsed<typeof unigateVideoProviderOptionsSchema>>().toEqualTypeOf<UnigateVideoProviderOptions>();

// `satisfies` catches a typo in providerOptions.unigate, as the README shows.
const chat = { user: 'user-42', n: 3 } satisfies UnigateChatProviderOptions;
// @ts-expect-error `usr` is not an option of the chat model
const typo = { usr: 'user-42' } satisfies UnigateChatProviderOptions;
// @ts-expect-error the messages model's end-user option is `userId`
const messagesTypo = { user: 'user-42' } satisfies UnigateMessagesProviderOptions;
// @ts-expect-error the speech endpoint has no `user` (nor any other provider option)
const speechUser = { user: 'user-42' } satisfies UnigateSpeechProviderOptions;
void [chat, typo, messagesTypo, speechUser];

// The transcription language completes the gateway's ISO-639-1 codes and stays open to any string, which
// the model then refuses before the request.
type KnownLanguages<T> = T extends string ? (string extends T ? never : T) : never;
expectTypeOf<'de'>().toExtend<KnownLanguages<UnigateTranscriptionLanguage>>();
expectTypeOf<'jv'>().toExtend<KnownLanguages<UnigateTranscriptionLanguage>>();
// Hawaiian and Cantonese have no ISO-639-1 code: the gateway detects them on its own.
expectTypeOf<'haw'>().not.toExtend<KnownLanguages<UnigateTranscriptionLanguage>>();
expectTypeOf<'german'>().not.toExtend<KnownLanguages<UnigateTranscriptionLanguage>>();
expectTypeOf<'german'>().toExtend<UnigateTranscriptionLanguage>();
expectTypeOf<UnigateTranscriptionProviderOptions['language']>().toEqualTypeOf<
  UnigateTranscriptionLanguage | undefined
>();
