// Names shared by the in-runtime checks and the judge (kept apart so the judge loads before a build).

/** The prompt every runtime sends, so the emulator's deterministic answers are comparable. */
export const PROMPT = 'Say hello from the runtime smoke test.';
/** Model ids of the two language-model formats. */
export const CHAT_MODEL = 'gpt-4o-mini';
export const MESSAGES_MODEL = 'claude-sonnet-4-5';
/** The checks each runtime runs, in report order. */
export const CHECK_NAMES = [
  'listModels',
  'catalog.page',
  'chat generateText',
  'chat streamText',
  'messages generateText',
  'messages streamText',
];
