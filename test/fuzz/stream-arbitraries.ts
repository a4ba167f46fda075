import fc from 'fast-check';

// Generators for the stream fuzz suite: unicode text, SSE framing and its serializer, a chunker that
// cuts bytes anywhere (inside UTF-8 characters and CRLF too), and valid chat / messages streams.

// ---------------------------------------------------------------------------------------------
// Run settings: FUZZ_RUNS scales every property, FUZZ_SEED replays a run (fast-check prints both
// the seed and the shrunk path of a failure).

function setting(name: string): number | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new Error(`${name} must be an integer, got "${value}"`);
  return number;
}

/**
 * Runs of a full-weight property (lighter shares for the costly ones). 500 keeps the whole fuzz suite
 * at about 15-25 s per lane on 2 cores; raise it for a deeper search (FUZZ_RUNS=5000: about 3 min on Node 20).
 */
export const FUZZ_RUNS = setting('FUZZ_RUNS') ?? 500;
/** A fixed seed by default, so CI failures reproduce; set FUZZ_SEED to explore. */
export const FUZZ_SEED = setting('FUZZ_SEED') ?? 0x5eed_2025;

/** A vitest timeout that grows with the run count. */
export function fuzzTimeout(share = 1): number {
  return Math.max(60_000, Math.round(FUZZ_RUNS * share * 200));
}

/**
 * fast-check parameters for a property worth `share` of FUZZ_RUNS (expensive ones take less). Runs and
 * shrinking stop before the vitest timeout, so a failure is always reported with its seed, path and
 * (partly) shrunk counterexample; running out of time counts as a failure, not as a pass with fewer runs.
 */
export function fuzzParams(share = 1): fc.Parameters<unknown> {
  return {
    numRuns: Math.max(1, Math.round(FUZZ_RUNS * share)),
    seed: FUZZ_SEED,
    interruptAfterTimeLimit: fuzzTimeout(share) - 10_000,
    markInterruptAsFailure: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Text

/** Units that stress JSON escaping, line handling and UTF-8: quotes, backslashes, line ends, astral. */
const SPECIAL_UNITS = [
  '"',
  '\\',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\b',
  '\f',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u2028',
  '\u2029',
  '\u0085',
  '\ufeff',
  '\u00a0',
  'é',
  'e\u0301',
  '\u0301',
  '\u0308',
  '中',
  'ß',
  '👋',
  '👨‍👩‍👧‍👦',
  '🇩🇪',
  '𝄞',
  '\ud83d\ude00',
  '\ufffd',
  'data: ',
  '[DONE]',
  'event: ping',
  ': ',
  '{',
  '}',
  '\\u0041',
  '</s>',
];

const textUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_UNITS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
);

/** Any unicode text, including astral characters, combining marks, quotes, backslashes and newlines. */
export function unicodeText(maxLength = 16, minLength = 0): fc.Arbitrary<string> {
  return fc.string({ unit: textUnit, minLength, maxLength });
}

/**
 * A uniform fraction in [0, 1]. (fc.double spreads over float bit patterns, so most of its values in
 * [0, 1] are tiny: cut points would pile up at the start.)
 */
export const fraction: fc.Arbitrary<number> = fc.integer({ min: 0, max: 1 << 20 }).map(n => n / (1 << 20));

/** Text cut into pieces anywhere (even between the halves of a surrogate pair). */
export function piecesOf(text: fc.Arbitrary<string>, maxPieces = 6): fc.Arbitrary<string[]> {
  return fc
    .tuple(text, fc.array(fraction, { maxLength: maxPieces - 1 }))
    .map(([whole, fractions]) => splitAt(whole, fractions));
}

function splitAt(text: string, fractions: number[]): string[] {
  const cuts = fractions.map(f => Math.round(f * text.length)).sort((a, b) => a - b);
  const pieces: string[] = [];
  let last = 0;
  for (const cut of cuts) {
    pieces.push(text.slice(last, cut));
    last = cut;
  }
  pieces.push(text.slice(last));
  return pieces;
}

/** Arguments of a tool call: usually a JSON object, sometimes text that is not JSON at all. */
export const toolArguments: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(unicodeText(8), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map(v => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: unicodeText(24) },
);

/** A token count. */
const tokens = fc.nat({ max: 100_000 });

// ---------------------------------------------------------------------------------------------
// Chunker

/** How a byte stream is cut into chunks. Fractions keep the plan independent of the stream's length. */
export type Chunking =
  | { kind: 'whole' }
  | { kind: 'bytes' }
  | { kind: 'fixed'; size: number }
  | { kind: 'random'; cuts: number[] }
  /** Inside every multi-byte character and right after every CR, plus random cuts. */
  | { kind: 'hostile'; cuts: number[] };

const fractions = (maxLength: number) => fc.array(fraction, { maxLength });

export const chunking: fc.Arbitrary<Chunking> = fc.oneof(
  fc.constant({ kind: 'whole' as const }),
  fc.constant({ kind: 'bytes' as const }),
  fc.record({ kind: fc.constant('fixed' as const), size: fc.integer({ min: 1, max: 64 }) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('random' as const), cuts: fractions(40) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hostile' as const), cuts: fractions(10) }) },
);

/**
 * Cuts `bytes` as planned. Repeated cut points give empty chunks, on purpose. `maxChunks` bounds the
 * count for very long streams (evenly thinned cuts), so a 100 KB line stays a few hundred chunks.
 */
export function chunkBytes(bytes: Uint8Array, plan: Chunking, maxChunks = Infinity): Uint8Array[] {
  const length = bytes.length;
  let cuts: number[];
  switch (plan.kind) {
    case 'whole':
      cuts = [];
      break;
    case 'bytes':
    case 'fixed': {
      const size = plan.kind === 'bytes' ? 1 : plan.size;
      cuts = [];
      for (let at = size; at < length; at += size) cuts.push(at);
      break;
    }
    case 'random':
      cuts = plan.cuts.map(f => Math.round(f * length));
      break;
    case 'hostile':
      cuts = plan.cuts.map(f => Math.round(f * length));
      for (let at = 1; at < length; at++) {
        if ((bytes[at] & 0xc0) === 0x80 || bytes[at - 1] === 0x0d) cuts.push(at);
      }
      break;
  }
  cuts.sort((a, b) => a - b);
  if (cuts.length + 1 > maxChunks) {
    const step = Math.ceil((cuts.length + 1) / maxChunks);
    cuts = cuts.filter((_, i) => i % step === 0);
  }
  const chunks: Uint8Array[] = [];
  let last = 0;
  for (const cut of cuts) {
    chunks.push(bytes.slice(last, cut));
    last = cut;
  }
  chunks.push(bytes.slice(last));
  return chunks;
}

// ---------------------------------------------------------------------------------------------
// SSE framing and serializer

export type LineEnd = '\n' | '\r\n' | '\r';

/** One event as sent: a JSON payload (framing may pretty-print it) or raw data text. */
export type WireEvent = { event?: string } & ({ json: unknown } | { data: string });

/**
 * How events are written. Every list is cycled (one entry = the same choice throughout), so a
 * framing is independent of the stream it frames and shrinks well.
 */
export interface Framing {
  /** Per line. */
  lineEnds: LineEnd[];
  /** Per field line: `data: value` (true) or `data:value`. A value starting with a space always gets one. */
  spaces: boolean[];
  /** Per JSON event: pretty-printed over several `data:` lines (0 = one line, else the indent). */
  multiline: number[];
  /** Per event with a name: the `event:` line before or after the data, or left out. */
  eventLine: Array<'before' | 'after' | 'omit'>;
  /** Dice for the noise between events and between the lines of an event (mostly nothing). */
  noise: number[];
  /** A UTF-8 byte order mark first. */
  bom: boolean;
  /** 0: the last event ends with its blank line; 1: without it; 2: without its last line end too. */
  openEnd: 0 | 1 | 2;
}

export const CANONICAL: Framing = {
  lineEnds: ['\n'],
  spaces: [true],
  multiline: [0],
  eventLine: ['before'],
  noise: [0],
  bom: false,
  openEnd: 0,
};

export interface FramingOptions {
  /** The `event:` line may be left out (the payload names its own type). */
  omitEventLine?: boolean;
  /** The last event may lack its closing blank line. */
  openEnd?: boolean;
}

export function framing(options: FramingOptions = {}): fc.Arbitrary<Framing> {
  const lineEnd = fc.constantFrom<LineEnd>('\n', '\r\n', '\r');
  return fc.record({
    lineEnds: fc.oneof(
      lineEnd.map(end => [end]),
      fc.array(lineEnd, { minLength: 1, maxLength: 8 }),
    ),
    spaces: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
    multiline: fc.array(fc.constantFrom(0, 0, 1, 2), { minLength: 1, maxLength: 4 }),
    eventLine: fc.array(
      fc.constantFrom<'before' | 'after' | 'omit'>(
        'before',
        'after',
        ...(options.omitEventLine ? (['omit'] as const) : []),
      ),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    noise: fc.array(fc.nat({ max: 15 }), { minLength: 1, maxLength: 12 }),
    bom: fc.boolean(),
    openEnd: options.openEnd ? fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2) : fc.constant<0 | 1 | 2>(0),
  });
}

/** The serialized stream, with where each event's data lines sit, in bytes. */
export interface SerializedStream {
  text: string;
  bytes: Uint8Array;
  /** Per event: from the start of its first `data` line to the end of its last one (line end excluded). */
  regions: Array<{ start: number; end: number }>;
  /** The same for every event written, the noise's `ping` events included. */
  allRegions: Array<{ start: number; end: number }>;
  /** Per event: the byte offset right after it (its blank line included), before any noise. */
  boundaries: number[];
  /** Where the first event may start (after the byte order mark). */
  origin: number;
}

const COMMENTS = [' keep-alive', '', ' 👋 ünïcödé', '::', ' data: {"not":"data"}', ' event: error'];

export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Writes events with the framing's line ends, spaces, noise (comments, blank lines, `id:`/`retry:`/
 * unknown fields, and `ping` events when given one) and pretty-printed JSON.
 */
export function serialize(events: WireEvent[], frame: Framing, ping?: WireEvent): SerializedStream {
  const out: string[] = [];
  let bytes = 0;
  let line = 0;
  let space = 0;
  let dice = 0;
  let lastEnd: LineEnd | undefined;
  const cycle = <T>(list: T[], i: number): T => list[i % list.length];
  const roll = (sides: number) => cycle(frame.noise, dice++) % sides;
  const write = (text: string) => {
    out.push(text);
    bytes += utf8Length(text);
  };
  const writeLine = (text: string, terminated = true) => {
    write(text);
    if (!terminated) return;
    let end = cycle(frame.lineEnds, line++);
    // "\r" then "\n" would read as one CRLF, swallowing an empty line: keep them apart.
    if (text === '' && end === '\n' && lastEnd === '\r') end = '\r\n';
    write(end);
    lastEnd = end;
  };
  const field = (name: string, value: string, terminated = true) => {
    const spaced = value.startsWith(' ') || cycle(frame.spaces, space++);
    writeLine(`${name}:${spaced ? ' ' : ''}${value}`, terminated);
  };
  const innerNoise = () => {
    const pick = roll(8);
    if (pick === 6) writeLine(`:${cycle(COMMENTS, dice)}`);
    else if (pick === 7) writeLine('id: 7');
  };
  const writeEvent = (wire: WireEvent, last: boolean, regions: SerializedStream['regions']) => {
    let data: string;
    if ('json' in wire) {
      const indent = cycle(frame.multiline, regions.length);
      data = indent === 0 ? JSON.stringify(wire.json) : JSON.stringify(wire.json, null, indent === 1 ? 1 : '\t');
    } else data = wire.data;
    const where = wire.event === undefined ? 'omit' : cycle(frame.eventLine, regions.length);
    const open = last ? frame.openEnd : 0;
    const lines = data.split('\n');
    if (where === 'before') {
      field('event', wire.event!);
      innerNoise();
    }
    const start = bytes;
    let end = bytes;
    lines.forEach((value, i) => {
      if (i > 0) innerNoise();
      const unterminated = open === 2 && where !== 'after' && i === lines.length - 1;
      field('data', value, !unterminated);
      end = bytes - (unterminated ? 0 : utf8Length(lastEnd!));
    });
    if (where === 'after') {
      innerNoise();
      field('event', wire.event!, open !== 2);
    }
    regions.push({ start, end });
    allRegions.push({ start, end });
    if (open === 0) writeLine('');
  };
  const gap = () => {
    switch (roll(16)) {
      case 10:
        writeLine(`:${cycle(COMMENTS, dice)}`);
        writeLine('');
        return;
      case 11:
        writeLine('');
        return;
      case 12:
      case 13:
        if (ping !== undefined) {
          writeEvent(ping, false, []);
        } else {
          writeLine(': keep-alive');
          writeLine('');
        }
        return;
      case 14:
        writeLine('id: 42');
        writeLine('retry: 3000');
        writeLine('');
        return;
      case 15:
        writeLine('x-unknown-field: ignored');
        writeLine('no colon at all');
        writeLine('');
        return;
    }
  };

  const allRegions: SerializedStream['regions'] = [];
  if (frame.bom) write('\ufeff');
  const origin = bytes;
  const regions: SerializedStream['regions'] = [];
  const boundaries: number[] = [];
  events.forEach((wire, i) => {
    gap();
    writeEvent(wire, i === events.length - 1, regions);
    boundaries.push(bytes);
  });
  if (frame.openEnd === 0 || events.length === 0) gap();
  const text = out.join('');
  return { text, bytes: new TextEncoder().encode(text), regions, allRegions, boundaries, origin };
}

/** Random framings never change what a stream means; these are the ones with noise in them. */
export const jsonEvent = (json: unknown, event?: string): WireEvent =>
  event === undefined ? { json } : { event, json };

/**
 * What a cut at byte `cut` leaves of the events: how many arrived whole, whether one arrived partly
 * (its data lines begun, `data` at least, but not finished): that one must become an error; and
 * whether no event arrived at all, not even a keep-alive (`none`): the body delivered nothing.
 */
export function cutAt(stream: SerializedStream, cut: number): { whole: number; partial: boolean; none: boolean } {
  const whole = stream.regions.filter(region => region.end <= cut).length;
  const partial = stream.allRegions.some(region => region.end > cut && cut >= region.start + 4);
  const none = !partial && !stream.allRegions.some(region => region.end <= cut);
  return { whole, partial, none };
}

// ---------------------------------------------------------------------------------------------
// A reference SSE parser (whole text at once, straight from the spec) for differential checks.

export interface DispatchedEvent {
  data: string;
  event?: string;
}

export function referenceSse(bytes: Uint8Array): DispatchedEvent[] {
  const text = new TextDecoder().decode(bytes);
  const lines = text.split(/\r\n|\r|\n/);
  const events: DispatchedEvent[] = [];
  let data: string[] | undefined;
  let event: string | undefined;
  const dispatch = () => {
    if (data !== undefined)
      events.push(event === undefined ? { data: data.join('\n') } : { data: data.join('\n'), event });
    data = undefined;
    event = undefined;
  };
  lines.forEach((line, i) => {
    // The text after the last line end is a line only if it is not empty (the body just ended).
    if (i === lines.length - 1 && line === '') return;
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') (data ??= []).push(value);
    else if (name === 'event') event = value;
  });
  dispatch();
  return events;
}

// ---------------------------------------------------------------------------------------------
// Wrong values, by JSON kind

export type JsonKind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function kindOf(value: unknown): JsonKind {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonKind);
}

const valueOfKind: Record<JsonKind, fc.Arbitrary<unknown>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  string: unicodeText(8),
  array: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
};

/** A JSON value of any kind but the given ones. */
export function valueNotOf(...allowed: JsonKind[]): fc.Arbitrary<unknown> {
  const kinds = (Object.keys(valueOfKind) as JsonKind[]).filter(kind => !allowed.includes(kind));
  return fc.oneof(...kinds.map(kind => valueOfKind[kind]));
}

/** Field names that no format here knows, for "extra fields are ignored". */
const KNOWN_FIELDS = new Set([
  'id',
  'object',
  'created',
  'model',
  'choices',
  'usage',
  'error',
  'index',
  'delta',
  'finish_reason',
  'role',
  'content',
  'reasoning_content',
  'reasoning',
  'tool_calls',
  'type',
  'function',
  'name',
  'arguments',
  'message',
  'content_block',
  'text',
  'partial_json',
  'thinking',
  'signature',
  'data',
  'input',
  'stop_reason',
  'stop_sequence',
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'prompt_tokens_details',
  'completion_tokens_details',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
]);

export const extraFields: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }).filter(key => !KNOWN_FIELDS.has(key)),
  fc.jsonValue({ maxDepth: 2 }),
  { minKeys: 1, maxKeys: 3 },
);

// ---------------------------------------------------------------------------------------------
// Chat-completions streams

export interface ChatToolCall {
  index: number;
  id: string;
  name: string;
  /** The arguments as sent, in pieces; the first goes with the name unless `nameLate`. */
  pieces: string[];
  /** The first delta carries only the id and arguments, the name comes in the second. */
  nameLate: boolean;
}

export interface ChatScenario {
  meta: { id: string; model: string; created: number };
  roleChunk: boolean;
  reasoning: string[];
  /** Per reasoning piece: sent as `reasoning_content` (true) or `reasoning`. */
  reasoningField: boolean[];
  text: string[];
  tools: ChatToolCall[];
  /** Dice that interleave the tool-call deltas (by index) and group them into chunks. */
  schedule: number[];
  finishReason: string;
  usage: Record<string, unknown> | undefined;
  usageInline: boolean;
  done: boolean;
}

const chatUsage = fc
  .record({
    prompt: tokens,
    completion: tokens,
    cached: fc.option(tokens, { nil: undefined }),
    reasoning: fc.option(tokens, { nil: undefined }),
  })
  .map(({ prompt, completion, cached, reasoning }) => ({
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(cached !== undefined && { prompt_tokens_details: { cached_tokens: cached } }),
    ...(reasoning !== undefined && { completion_tokens_details: { reasoning_tokens: reasoning } }),
  }));

export interface ChatScenarioOptions {
  /** A text piece this long is added (a very long line). */
  longText?: number;
}

export function chatScenario(options: ChatScenarioOptions = {}): fc.Arbitrary<ChatScenario> {
  const tool = fc.record({
    id: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 12 }).map(s => `call_${s}`),
    name: unicodeText(10, 1),
    pieces: piecesOf(toolArguments),
    nameLate: fc.boolean(),
  });
  return fc
    .record({
      // An empty id is no id (Azure's filter report sends one): the stream's id is a real one.
      meta: fc.record({ id: unicodeText(10, 1), model: unicodeText(10), created: fc.nat({ max: 2_000_000_000 }) }),
      roleChunk: fc.boolean(),
      reasoning: fc.oneof(fc.constant<string[]>([]), fc.array(unicodeText(12), { maxLength: 6 })),
      reasoningField: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
      text: fc.array(unicodeText(16), { maxLength: 10 }),
      tools: fc.uniqueArray(fc.record({ index: fc.nat({ max: 30 }), tool }), {
        maxLength: 3,
        selector: t => t.index,
      }),
      schedule: fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 16 }),
      finishReason: fc.oneof(
        fc.constantFrom('stop', 'length', 'tool_calls', 'content_filter', 'function_call'),
        unicodeText(8),
      ),
      usage: fc.option(chatUsage, { nil: undefined }),
      usageInline: fc.boolean(),
      done: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
      long:
        options.longText === undefined
          ? fc.constant('')
          : unicodeText(64, 1).map(unit => unit.repeat(Math.ceil(options.longText! / unit.length))),
    })
    .map(({ tools, long, text, ...rest }) => ({
      ...rest,
      text: long === '' ? text : [...text.slice(0, 1), long, ...text.slice(1)],
      // Distinct ids: the same id at two indexes is a different (valid but separate) story.
      tools: tools.map(({ index, tool }, i) => ({ index, ...tool, id: `${tool.id}_${i}` })),
    }));
}

/** The chunks of a chat scenario, in order, and which of them carry the finish reason and usage. */
export function chatEvents(scenario: ChatScenario): WireEvent[] {
  const { meta } = scenario;
  const chunk = (
    delta: Record<string, unknown>,
    finishReason: string | null = null,
    extra: Record<string, unknown> = {},
  ) => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...extra,
  });
  const events: WireEvent[] = [];
  if (scenario.roleChunk) events.push({ json: chunk({ role: 'assistant', content: '' }) });
  scenario.reasoning.forEach((piece, i) => {
    const field = scenario.reasoningField[i % scenario.reasoningField.length] ? 'reasoning_content' : 'reasoning';
    events.push({ json: chunk({ [field]: piece }) });
  });
  for (const piece of scenario.text) events.push({ json: chunk({ content: piece }) });

  // Each call's deltas in order; calls interleaved by the schedule.
  const queues = scenario.tools.map(call => {
    const deltas: Array<Record<string, unknown>> = [];
    const [first, ...rest] = call.pieces;
    if (call.nameLate) {
      deltas.push({ index: call.index, id: call.id, type: 'function', function: { arguments: first } });
      const [second = '', ...others] = rest;
      deltas.push({ index: call.index, function: { name: call.name, arguments: second } });
      for (const piece of others) deltas.push({ index: call.index, function: { arguments: piece } });
    } else {
      deltas.push({
        index: call.index,
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: first },
      });
      for (const piece of rest) deltas.push({ index: call.index, function: { arguments: piece } });
    }
    return deltas;
  });
  let roll = 0;
  const next = () => scenario.schedule[roll++ % scenario.schedule.length];
  for (;;) {
    const open = queues.filter(queue => queue.length > 0);
    if (open.length === 0) break;
    const group: Array<Record<string, unknown>> = [];
    const size = 1 + (next() % 3);
    for (let i = 0; i < size; i++) {
      const ready = queues.filter(queue => queue.length > 0);
      if (ready.length === 0) break;
      group.push(ready[next() % ready.length].shift()!);
    }
    events.push({ json: chunk({ tool_calls: group }) });
  }

  const usage = scenario.usage;
  events.push({ json: chunk({}, scenario.finishReason, usage !== undefined && scenario.usageInline ? { usage } : {}) });
  if (usage !== undefined && !scenario.usageInline) {
    events.push({
      json: {
        id: meta.id,
        object: 'chat.completion.chunk',
        created: meta.created,
        model: meta.model,
        choices: [],
        usage,
      },
    });
  }
  if (scenario.done) events.push({ data: '[DONE]' });
  return events;
}

// ---------------------------------------------------------------------------------------------
// Messages streams

export type MessagesBlock =
  | { type: 'text'; pieces: string[] }
  | { type: 'thinking'; pieces: string[]; signature: string[] }
  | { type: 'tool_use'; id: string; name: string; pieces: string[] };

export interface MessagesScenario {
  id: string;
  model: string;
  startUsage: Record<string, number>;
  blocks: MessagesBlock[];
  stopReason: string;
  stopSequence: string | null;
  deltaUsage: Record<string, number>;
}

export interface MessagesScenarioOptions {
  longText?: number;
}

export function messagesScenario(options: MessagesScenarioOptions = {}): fc.Arbitrary<MessagesScenario> {
  const block: fc.Arbitrary<MessagesBlock> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ type: fc.constant('text' as const), pieces: fc.array(unicodeText(16), { maxLength: 8 }) }),
    },
    fc.record({
      type: fc.constant('thinking' as const),
      pieces: fc.array(unicodeText(12), { maxLength: 6 }),
      signature: fc.array(fc.base64String({ minLength: 4, maxLength: 16 }), { maxLength: 2 }),
    }),
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('tool_use' as const),
        id: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 12 }).map(s => `toolu_${s}`),
        name: unicodeText(10, 1),
        // Anthropic sends an empty first piece; an empty list means the input stays `{}`.
        pieces: fc.oneof(fc.constant<string[]>([]), piecesOf(toolArguments)),
      }),
    },
  );
  const optionalTokens = fc.option(tokens, { nil: undefined });
  const usage = fc
    .record({
      input_tokens: optionalTokens,
      output_tokens: optionalTokens,
      cache_read_input_tokens: optionalTokens,
      cache_creation_input_tokens: optionalTokens,
    })
    .map(u => Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)) as Record<string, number>);
  return fc
    .record({
      id: unicodeText(10),
      model: unicodeText(10),
      startUsage: usage,
      blocks: fc.array(block, { maxLength: 5 }),
      stopReason: fc.oneof(
        fc.constantFrom('end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'refusal', 'pause_turn'),
        unicodeText(8),
      ),
      stopSequence: fc.option(unicodeText(6), { nil: null }),
      deltaUsage: usage,
      long:
        options.longText === undefined
          ? fc.constant('')
          : unicodeText(64, 1).map(unit => unit.repeat(Math.ceil(options.longText! / unit.length))),
    })
    .map(({ blocks, long, ...rest }) => {
      // Distinct tool ids, as the API gives them.
      const unique = blocks.map((b, i) => (b.type === 'tool_use' ? { ...b, id: `${b.id}_${i}` } : b));
      return {
        ...rest,
        blocks: long === '' ? unique : [{ type: 'text' as const, pieces: ['a', long, 'z'] }, ...unique],
      };
    });
}

/** The messages events of a scenario, each with its `event:` name. */
export function messagesEvents(scenario: MessagesScenario): WireEvent[] {
  const events: WireEvent[] = [];
  const push = (json: { type: string } & Record<string, unknown>) => events.push({ event: json.type, json });
  push({
    type: 'message_start',
    message: {
      id: scenario.id,
      type: 'message',
      role: 'assistant',
      content: [],
      model: scenario.model,
      stop_reason: null,
      stop_sequence: null,
      usage: scenario.startUsage,
    },
  });
  scenario.blocks.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const text of block.pieces)
          push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
        break;
      case 'thinking':
        push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
        for (const thinking of block.pieces)
          push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } });
        for (const signature of block.signature)
          push({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } });
        break;
      case 'tool_use':
        push({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const partial_json of block.pieces)
          push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
        break;
    }
    push({ type: 'content_block_stop', index });
  });
  push({
    type: 'message_delta',
    delta: { stop_reason: scenario.stopReason, stop_sequence: scenario.stopSequence },
    usage: scenario.deltaUsage,
  });
  push({ type: 'message_stop' });
  return events;
}

export const PING: WireEvent = { event: 'ping', json: { type: 'ping' } };

// ---------------------------------------------------------------------------------------------
// Streams that break the block protocol: blocks and calls never stopped, indexes started again while
// their block is open, no stop at the end. Few slots, so indexes collide often.

/** A tool input in pieces, cut after any of them: whole JSON, a prefix of it, or no input at all. */
const toolPieces: fc.Arbitrary<string[]> = piecesOf(toolArguments).chain(pieces =>
  fc.oneof(
    fc.constant(pieces),
    fc.nat({ max: pieces.length }).map(keep => pieces.slice(0, keep)),
  ),
);

export type BrokenMessagesBlock =
  | { type: 'text' | 'thinking'; slot: number; pieces: string[]; stopped: boolean }
  | {
      type: 'tool_use';
      slot: number;
      id: string;
      name: string;
      pieces: string[];
      initial: Record<string, unknown> | undefined;
      stopped: boolean;
    };

export interface BrokenMessagesScenario {
  blocks: BrokenMessagesBlock[];
  /** `message_delta` and `message_stop` close the stream (else the body just ends). */
  messageStop: boolean;
}

export const brokenMessagesScenario: fc.Arbitrary<BrokenMessagesScenario> = fc
  .record({
    blocks: fc.array(
      fc.oneof(
        fc.record({
          type: fc.constantFrom('text' as const, 'thinking' as const),
          slot: fc.nat({ max: 2 }),
          pieces: fc.array(unicodeText(8), { maxLength: 4 }),
          stopped: fc.boolean(),
        }),
        {
          weight: 2,
          arbitrary: fc.record({
            type: fc.constant('tool_use' as const),
            slot: fc.nat({ max: 2 }),
            id: fc.constant(''),
            name: unicodeText(6, 1),
            pieces: toolPieces,
            initial: fc.option(
              fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), {
                minKeys: 1,
                maxKeys: 2,
              }),
              { nil: undefined },
            ),
            stopped: fc.boolean(),
          }),
        },
      ),
      { minLength: 1, maxLength: 6 },
    ),
    messageStop: fc.boolean(),
  })
  // Distinct tool ids, as the API gives them.
  .map(({ blocks, messageStop }) => ({
    messageStop,
    blocks: blocks.map((b, i) => (b.type === 'tool_use' ? { ...b, id: `toolu_${i}` } : b)),
  }));

/** The events of a breaking messages stream, each with its `event:` name. */
export function brokenMessagesEvents(scenario: BrokenMessagesScenario): WireEvent[] {
  const events: WireEvent[] = [];
  const push = (json: { type: string } & Record<string, unknown>) => events.push({ event: json.type, json });
  push({
    type: 'message_start',
    message: { id: 'msg_b', type: 'message', role: 'assistant', content: [], model: 'm', usage: { input_tokens: 1 } },
  });
  for (const block of scenario.blocks) {
    const index = block.slot;
    if (block.type === 'tool_use') {
      push({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: block.initial ?? {} },
      });
      for (const partial_json of block.pieces)
        push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
    } else if (block.type === 'text') {
      push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const text of block.pieces)
        push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
    } else {
      push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (const thinking of block.pieces)
        push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } });
    }
    if (block.stopped) push({ type: 'content_block_stop', index });
  }
  if (scenario.messageStop) {
    push({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 2 },
    });
    push({ type: 'message_stop' });
  }
  return events;
}

export type BrokenChatItem =
  | { type: 'text' | 'reasoning'; text: string }
  /** A call at `slot`: its first delta carries the id and name, every piece its own chunk. */
  | { type: 'call'; slot: number; id: string; name: string; pieces: string[] };

export interface BrokenChatScenario {
  items: BrokenChatItem[];
  /** A `finish_reason` completes the calls (else the stream ends with them open). */
  finishReason: boolean;
  done: boolean;
}

export const brokenChatScenario: fc.Arbitrary<BrokenChatScenario> = fc
  .record({
    items: fc.array(
      fc.oneof(fc.record({ type: fc.constantFrom('text' as const, 'reasoning' as const), text: unicodeText(8) }), {
        weight: 2,
        arbitrary: fc.record({
          type: fc.constant('call' as const),
          slot: fc.nat({ max: 2 }),
          id: fc.constant(''),
          name: unicodeText(6, 1),
          pieces: toolPieces,
        }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    finishReason: fc.boolean(),
    done: fc.boolean(),
  })
  .map(({ items, ...rest }) => ({
    ...rest,
    items: items.map((item, i) => (item.type === 'call' ? { ...item, id: `call_${i}` } : item)),
  }));

/** The chunks of a breaking chat stream. */
export function brokenChatEvents(scenario: BrokenChatScenario): WireEvent[] {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): WireEvent => ({
    json: {
      id: 'chatcmpl-b',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    },
  });
  const events: WireEvent[] = [];
  for (const item of scenario.items) {
    if (item.type !== 'call')
      events.push(chunk(item.type === 'text' ? { content: item.text } : { reasoning_content: item.text }));
    else {
      const [first = '', ...rest] = item.pieces;
      events.push(
        chunk({
          tool_calls: [
            { index: item.slot, id: item.id, type: 'function', function: { name: item.name, arguments: first } },
          ],
        }),
      );
      for (const piece of rest)
        events.push(chunk({ tool_calls: [{ index: item.slot, function: { arguments: piece } }] }));
    }
  }
  if (scenario.finishReason) events.push(chunk({}, 'tool_calls'));
  if (scenario.done) events.push({ data: '[DONE]' });
  return events;
}

// ---------------------------------------------------------------------------------------------
// Messages streams with several blocks open at once, their deltas interleaved: deltas of two
// blocks of one kind can follow each other.

export interface InterleavedMessagesScenario {
  blocks: Array<{ type: 'text' | 'thinking' | 'tool_use'; pieces: string[] }>;
  /** Dice that pick which open block the next delta goes to. */
  schedule: number[];
}

export const interleavedMessagesScenario: fc.Arbitrary<InterleavedMessagesScenario> = fc.record({
  blocks: fc.array(
    fc.record({
      type: fc.constantFrom('text' as const, 'thinking' as const, 'tool_use' as const),
      pieces: fc.array(unicodeText(6), { minLength: 1, maxLength: 5 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  schedule: fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 12 }),
});

/** Every block starts, then their deltas come in the schedule's order, then every block stops. */
export function interleavedMessagesEvents(scenario: InterleavedMessagesScenario): WireEvent[] {
  const events: WireEvent[] = [];
  const push = (json: { type: string } & Record<string, unknown>) => events.push({ event: json.type, json });
  push({
    type: 'message_start',
    message: { id: 'msg_i', type: 'message', role: 'assistant', content: [], model: 'm', usage: { input_tokens: 1 } },
  });
  const starts = { text: { type: 'text', text: '' }, thinking: { type: 'thinking', thinking: '' } };
  const field = {
    text: ['text_delta', 'text'],
    thinking: ['thinking_delta', 'thinking'],
    tool_use: ['input_json_delta', 'partial_json'],
  } as const;
  scenario.blocks.forEach(({ type }, index) => {
    const content_block = type === 'tool_use' ? { type, id: `toolu_i${index}`, name: 'f', input: {} } : starts[type];
    push({ type: 'content_block_start', index, content_block });
  });
  const queues = scenario.blocks.map(block => [...block.pieces]);
  for (let roll = 0; ; roll++) {
    const open = queues.map((queue, index) => ({ queue, index })).filter(({ queue }) => queue.length > 0);
    if (open.length === 0) break;
    const { queue, index } = open[scenario.schedule[roll % scenario.schedule.length] % open.length];
    const [type, key] = field[scenario.blocks[index].type];
    push({ type: 'content_block_delta', index, delta: { type, [key]: queue.shift()! } });
  }
  scenario.blocks.forEach((_, index) => push({ type: 'content_block_stop', index }));
  push({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } });
  push({ type: 'message_stop' });
  return events;
}
