// The documented option types and the schemas that parse them must describe one shape: checked by
// `npm run typecheck`, never run. A field added to one and not the other fails here.
import { expectTypeOf } from 'vitest';
import type { z } from 'zod/v4';
import type { UnigateChatProviderOptions, UnigateMessagesProviderOptions } from '../../src';
import { unigateChatProviderOptionsSchema } from '../../src/chat/unigate-chat-options';
import { unigateMessagesProviderOptionsSchema } from '../../src/messages/unigate-messages-options';

type Parsed<SCHEMA extends () => z.ZodType> = z.output<ReturnType<SCHEMA>>;

expectTypeOf<Parsed<typeof unigateChatProviderOptionsSchema>>().toEqualTypeOf<UnigateChatProviderOptions>();
expectTypeOf<Parsed<typeof unigateMessagesProviderOptionsSchema>>().toEqualTypeOf<UnigateMessagesProviderOptions>();

// `satisfies` catches a typo in providerOptions.unigate, as the README shows.
const chat = { user: 'user-42', n: 3 } satisfies UnigateChatProviderOptions;
// @ts-expect-error `usr` is not an option of the chat model
const typo = { usr: 'user-42' } satisfies UnigateChatProviderOptions;
// @ts-expect-error the messages model's end-user option is `userId`
const messagesTypo = { user: 'user-42' } satisfies UnigateMessagesProviderOptions;
void [chat, typo, messagesTypo];
