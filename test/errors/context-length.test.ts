import { describe, expect, it } from 'vitest';
import { createGatewayError, createInBandError, statedContextWindow } from '../../src/errors/gateway-error';
import { unigateError } from '../../src/errors/unigate-error';

// The upstreams' words, from public issue threads (docs/errors-and-retries.md#context-length lists the
// sources): each is a 400 that says the prompt is over the model's window. Where a thread quotes only the
// message (Mistral, xAI, Cerebras), the body is `{message}`.
const BODIES: Array<[family: string, body: object, window: number | undefined]> = [
  [
    'OpenAI chat completions',
    {
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 173172 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    },
    128000,
  ],
  [
    'OpenAI Responses',
    {
      error: {
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
        message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
        param: 'input',
      },
    },
    undefined,
  ],
  [
    'Anthropic',
    {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 209353 tokens > 199999 maximum' },
    },
    199999,
  ],
  [
    'Anthropic, input and max_tokens',
    {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'input length and `max_tokens` exceed context limit: 199759 + 8192 > 200000, decrease input length or `max_tokens` and try again',
      },
    },
    200000,
  ],
  [
    'DeepSeek',
    {
      error: {
        message:
          "This model's maximum context length is 65536 tokens. However, you requested 66343 tokens (62247 in the messages, 4096 in the completion). Please reduce the length of the messages or completion.",
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      },
    },
    65536,
  ],
  [
    'Groq',
    {
      error: {
        message: 'Please reduce the length of the messages or completion.',
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    },
    undefined,
  ],
  [
    'Gemini (OpenAI-compatible endpoint)',
    {
      error: {
        code: 400,
        message: 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).',
        status: 'INVALID_ARGUMENT',
      },
    },
    1048576,
  ],
  [
    'Mistral',
    {
      message:
        'Prompt contains 152960 tokens and 0 draft tokens, too large for model with 131072 maximum context length',
    },
    131072,
  ],
  ['xAI', { message: "This model's maximum prompt length is 131072 but the request contains 136973 tokens." }, 131072],
  [
    'OpenRouter',
    {
      error: {
        message:
          'This endpoint\'s maximum context length is 32768 tokens. However, you requested about 42832 tokens (42832 of text input). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
        code: 400,
      },
    },
    32768,
  ],
  [
    'vLLM',
    {
      object: 'error',
      message:
        "This model's maximum context length is 16384 tokens. However, you requested 19591 tokens (9591 in the messages, 10000 in the completion). Please reduce the length of the messages or completion. None",
      type: 'BadRequestError',
      param: null,
      code: 400,
    },
    16384,
  ],
  [
    'Cerebras',
    { message: 'Please reduce the length of the messages or completion. Current length is 42328 while limit is 40000' },
    40000,
  ],
];

const url = 'https://gw.test/v1/chat/completions';

describe("'context-length': a prompt over the model's window, read from the upstream's error", () => {
  it.each(BODIES)('%s: a 400 is context-length, not retryable, with the advice', (_, body, window) => {
    const error = createGatewayError({
      status: 400,
      body: JSON.stringify(body),
      url,
      requestBodyValues: { model: 'm' },
    });
    expect(unigateError(error)?.kind).toBe('context-length');
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(
      /\. Shorten the prompt or maxOutputTokens, or use a model with a larger contextWindow \(gw\.catalog\); gw\.fallback moves on to one\.$/,
    );
    expect(statedContextWindow(unigateError(error)?.message)).toBe(window);
  });

  it('an in-band error object (no HTTP status) with the code or the words is context-length too', () => {
    for (const errorObject of [
      { error: { type: 'invalid_request_error', code: 'context_length_exceeded', message: 'too long' } },
      {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'prompt is too long: 250000 tokens > 200000 maximum' },
      },
    ]) {
      const error = createInBandError({
        what: 'Unigate chat completion failed',
        errorObject,
        url,
        requestBodyValues: {},
        secret: undefined,
      });
      expect(unigateError(error)?.kind).toBe('context-length');
      expect(error.isRetryable).toBe(false);
    }
  });

  it('other 400s, and a 429 about a per-minute token limit, keep their kinds', () => {
    const kinds = [
      [
        400,
        {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message:
              'max_tokens: 10000 > 4096, which is the maximum allowed number of output tokens for claude-3-5-sonnet-20240620',
          },
        },
      ],
      [
        429,
        {
          error: {
            message:
              'Request too large for model `llama-3.3-70b-versatile` in organization `org_1` service tier `on_demand` on tokens per minute (TPM): Limit 6000, Requested 14810, please reduce your message size and try again.',
            type: 'tokens',
            code: 'rate_limit_exceeded',
          },
        },
      ],
      [500, { error: { message: "This model's maximum context length is 4096 tokens.", type: 'server_error' } }],
    ] as const;
    expect(
      kinds.map(
        ([status, body]) =>
          unigateError(createGatewayError({ status, body: JSON.stringify(body), url, requestBodyValues: {} }))?.kind,
      ),
    ).toEqual(['invalid-request', 'rate-limit', 'server']);
  });
});
