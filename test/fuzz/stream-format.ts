import type fc from 'fast-check';
import type { Framing, SerializedStream, WireEvent } from './stream-arbitraries';
import type { Part } from './stream-checks';

// What the shared stream properties (stream-formats.fuzz.test.ts) need to know of one wire format:
// how to generate and send a valid stream, and the format's oracles, written out from its rules.

/** Events put into a valid stream: `setup` (what `bad` needs, e.g. an open block), then `bad`. */
export interface Injection {
  setup: WireEvent[];
  bad: WireEvent;
  /** Words the error part's message must contain. */
  problem: string;
}

/** A valid stream cut at a byte: `whole` events arrived whole, `partial` when one was cut inside. */
export interface CutStream<S> {
  scenario: S;
  events: WireEvent[];
  wire: SerializedStream;
  whole: number;
  partial: boolean;
  /** Not one event arrived: the stream must fail saying so. */
  none: boolean;
  /** The parts the cut stream gave. */
  got: Part[];
}

/** A property only one format has (its own allowances, e.g. event kinds the format may add). */
export interface OwnProperty {
  title: string;
  run: () => Promise<void>;
  timeout: number;
}

export interface StreamFormat<S> {
  name: 'chat' | 'messages';
  /** `doStream` of this format over the given body chunks. */
  partsOf: (chunks: Uint8Array[], raw?: boolean) => Promise<Part[]>;
  scenario: (options?: { longText?: number }) => fc.Arbitrary<S>;
  events: (scenario: S) => WireEvent[];
  /** The text and reasoning pieces the scenario generated, in order (reasoning when the oracle checks it). */
  pieces: (scenario: S) => { text: string[]; reasoning?: string[] };
  /** The input a tool call without input deltas reports (`expectLifecycles`' `emptyInput`). */
  emptyInput?: string;
  /** A complete, valid stream gives exactly what was generated. */
  expectGenerated: (parts: Part[], scenario: S, events: WireEvent[], raw: boolean) => void;
  /** The framings the format allows, and what a valid stream may leave out (chat: `[DONE]`). */
  framing: fc.Arbitrary<Framing>;
  leaveOut: fc.Arbitrary<(events: WireEvent[]) => WireEvent[]>;
  /** Events to bytes in a framing, with the format's keep-alives (messages: pings) mixed in. */
  serialize: (events: WireEvent[], frame: Framing) => SerializedStream;
  /** The oracle of a cut stream: its errors, finish and parts, by the break rule. */
  expectCut: (cut: CutStream<S>) => Promise<void>;
  /** Where an injected event may go in a valid stream, from any natural number. */
  insertAt: (events: WireEvent[], pick: number) => number;
  /** Injecting at `at` gives what the stream up to there gives, then one error naming the problem, then a finish. */
  expectErrorAt: (events: WireEvent[], at: number, injection: Injection) => Promise<unknown>;
  /** Valid JSON of the wrong shape, and arrays where the format has an object. */
  wrongShapes: fc.Arbitrary<Injection>;
  arraysForObjects: fc.Arbitrary<Injection>;
  /** Data that is not JSON, as the format would carry it. */
  notJson: (data: fc.Arbitrary<string>) => fc.Arbitrary<Injection>;
  inBandError: {
    types: string[];
    event: (type: string, message: string) => WireEvent;
    /** The message is shown (redacted) even when it was only the key. */
    showsKeyOnlyMessage: boolean;
    /** The types an error is retryable for, when the oracle checks it. */
    retryable?: string[];
  };
  /** A malformed event whose text holds the key between `before` and `after`. */
  echoKey: (before: string, after: string) => WireEvent;
  noise: {
    /** SSE-like tokens of this format. */
    tokens: string[];
    /** A first event that ends the stream before any chunk (chat: `[DONE]`), and what that gives. */
    terminator?: { is: (data: string) => boolean; expect: (parts: Part[]) => void };
    /** Every block that started also ended. */
    closesBlocks: boolean;
  };
  /** Every block closed after random bytes between events. */
  garbageClosesBlocks: boolean;
  own: OwnProperty[];
}
