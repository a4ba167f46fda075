// Which part of a prompt fits a field: the emulator's tool arguments and structured answers read like a
// model's (`Paris` for `city`, `12345` for `orderId`) instead of the prompt copied into every string.
// Plain word rules, no randomness: the same prompt and field name always give the same text.

/** What the rules read from a prompt, once per generated value. */
export interface PromptFacts {
  /** The prompt, trimmed, without trailing punctuation. */
  text: string;
  /** Words in order: letters and digits, with inner `.-_'@:/` kept (`report.txt`, `2025-01-01`). */
  words: string[];
  /** Phrases in double quotes (straight or curly). */
  quoted: string[];
  /** Capitalised words and runs of them (`New York`), those inside a sentence first. */
  names: string[];
  /** For each of `names`, the lower-case word before it (`in` for `in Paris`), '' at a sentence start. */
  nameAfter: string[];
}

/** Only this much of a prompt is read for words: plenty for one user turn, and every rule stays cheap. */
const MAX_READ_CHARS = 4_000;

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}_'.\-@:/]*[\p{L}\p{N}])?/gu;
const QUOTED = /"([^"]+)"|“([^“”]+)”/g;

// Words that never make an argument on their own: function words and the verbs of a request.
const STOPWORDS = new Set(
  (
    "a an the is are was were be been am what whats what's which who whom whose where when why how in on at to " +
    "for from of by with about into onto near and or but not no me my mine i i'm you your we our us it its it's " +
    'this that these those there here please can could would should will shall may might do does did get give show ' +
    "tell find look up let lets let's like want need some any all both each every now then than so if as also just " +
    'hi hello hey thanks thank currently current right quick quickly much many more most very'
  ).split(' '),
);

// Capitalised but not places or people.
const NOT_NAMES = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july ' +
    'august september october november december'
  ).split(' '),
);

/** Reads a prompt once; every field of the value is picked from this. */
export function readPrompt(prompt: string): PromptFacts {
  // A loop, not a regex anchored at the end: that one backtracks quadratically over long runs of spaces.
  let end = prompt.length;
  while (end > 0 && /[\s?!.,;:]/u.test(prompt[end - 1]!)) end--;
  const text = prompt.slice(0, end).trim();
  const read = text.slice(0, MAX_READ_CHARS);
  const words = Array.from(read.match(WORD) ?? []);
  const quoted = Array.from(read.matchAll(QUOTED), m => (m[1] ?? m[2]!).trim()).filter(q => q !== '');
  const runs = capitalisedRuns(read);
  return { text, words, quoted, names: runs.map(run => run.name), nameAfter: runs.map(run => run.after) };
}

/** Runs of capitalised words, those inside a sentence before those that open one (`What`, `Weather`). */
function capitalisedRuns(text: string): Array<{ name: string; after: string }> {
  const inside: Array<{ name: string; after: string }> = [];
  const opening: Array<{ name: string; after: string }> = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/u)) {
    const words = Array.from(sentence.match(WORD) ?? []);
    let run: string[] = [];
    let runStart = 0;
    const flush = () => {
      // A sentence's first word is capitalised anyway: it only names something when it is no stopword.
      if (runStart === 0 && run.length > 0 && STOPWORDS.has(run[0]!.toLowerCase())) run = run.slice(1);
      if (run.length > 0) {
        const after = runStart === 0 ? '' : words[runStart - 1]!.toLowerCase();
        (runStart === 0 ? opening : inside).push({ name: run.join(' '), after });
      }
      run = [];
    };
    words.forEach((word, index) => {
      const name = /^\p{Lu}/u.test(word) && !NOT_NAMES.has(word.toLowerCase()) && word.toLowerCase() !== 'i';
      if (!name) {
        flush();
        return;
      }
      if (run.length === 0) runStart = index;
      run.push(word);
    });
    flush();
  }
  return [...inside, ...opening];
}

/** A field name's lower-case parts: `orderId`, `order_id` and `order-id` are `['order', 'id']`. */
function nameParts(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(part => part !== '');
}

const isKeyword = (word: string) => !STOPWORDS.has(word.toLowerCase());

/**
 * The prompt's content words, longest first (ties in prompt order): `weather` before `Paris`. Addresses
 * are no keywords, and the opening word (often a verb: "Summarise ...") comes last.
 */
function keywords(facts: PromptFacts): string[] {
  const words = [...new Set(facts.words.filter(word => isKeyword(word) && !/@|:\/\//u.test(word)))];
  const opening = words[0] !== undefined && words[0] === facts.words[0] ? words.splice(0, 1) : [];
  return [...words.sort((a, b) => Array.from(b).length - Array.from(a).length), ...opening];
}

/** Each name that follows one of `words` in the prompt: `in Paris` gives `Paris` for `['in']`. */
function namesAfter(facts: PromptFacts, words: readonly string[]): string[] {
  return facts.names.filter((_name, index) => words.includes(facts.nameAfter[index]!));
}

/**
 * The content word among the next three after each prompt word equal to one of `parts` (or its plural):
 * `user alice` gives `alice` for `userId`.
 */
function wordsAfter(facts: PromptFacts, parts: readonly string[]): string[] {
  const found: string[] = [];
  facts.words.forEach((word, index) => {
    const lower = word.toLowerCase();
    if (!parts.some(part => lower === part || lower === `${part}s`)) return;
    const next = facts.words.slice(index + 1, index + 4).find(w => isKeyword(w) && !parts.includes(w.toLowerCase()));
    if (next !== undefined) found.push(next);
  });
  return found;
}

type Kind = 'origin' | 'destination' | 'place' | 'person' | 'id' | 'email' | 'url' | 'date' | 'text';

// Field-name parts by kind; the first part of a name that is listed decides.
const KINDS: Record<Kind, readonly string[]> = {
  origin: ['origin', 'from', 'source', 'departure'],
  destination: ['destination', 'to', 'arrival'],
  place: [
    'city',
    'location',
    'place',
    'country',
    'region',
    'town',
    'where',
    'zone',
    'timezone',
    'tz',
    'venue',
    'address',
  ],
  person: [
    'name',
    'person',
    'author',
    'artist',
    'company',
    'brand',
    'team',
    'recipient',
    'contact',
    'username',
    'owner',
  ],
  id: ['id', 'ids', 'number', 'num', 'no', 'code', 'zip', 'postcode', 'sku', 'ref', 'reference', 'isbn'],
  email: ['email', 'mail'],
  url: ['url', 'uri', 'link', 'website', 'href'],
  date: ['date', 'day', 'when', 'deadline'],
  text: [
    'query',
    'q',
    'search',
    'text',
    'message',
    'content',
    'prompt',
    'question',
    'input',
    'body',
    'description',
    'comment',
    'note',
    'instructions',
    'summary',
    'sentence',
  ],
};

function kindOf(parts: readonly string[]): Kind | undefined {
  // The last listed part decides (`userId` is an id), but `name` only when no other part is listed:
  // `cityName` is a place, `firstName` a person.
  const kinds = [...parts].reverse().map(part => (Object.keys(KINDS) as Kind[]).find(k => KINDS[k].includes(part)));
  return kinds.find(kind => kind !== undefined && kind !== 'person') ?? kinds.find(kind => kind !== undefined);
}

/** The candidates of one kind, before the quoted phrases and keywords every kind falls back to. */
function kindCandidates(facts: PromptFacts, kind: Kind | undefined, parts: readonly string[]): string[] {
  const matching = (pattern: RegExp) => facts.words.filter(word => pattern.test(word));
  switch (kind) {
    case 'origin':
      return [...namesAfter(facts, ['from']), ...facts.names];
    case 'destination':
      return [...namesAfter(facts, ['to', 'for']), ...facts.names];
    case 'place':
      return [...namesAfter(facts, ['in', 'at', 'near', 'to', 'for', 'of']), ...facts.names];
    case 'person': {
      // "a hotel in Rome for Anna": the name after `in` is a place.
      const places = namesAfter(facts, ['in', 'at', 'near', 'from', 'to']);
      return [...wordsAfter(facts, ['named', 'called']), ...facts.names.filter(name => !places.includes(name))];
    }
    case 'id':
      return [
        ...matching(/\p{N}/u),
        ...wordsAfter(
          facts,
          parts.filter(part => !KINDS.id.includes(part)),
        ),
      ];
    case 'email':
      return [...matching(/^[^@\s]+@[^@\s]+\.\p{L}{2,}$/u), 'user@example.com'];
    case 'url':
      return [...matching(/^https?:\/\//u), 'https://example.com'];
    case 'date':
      return [...matching(/^\d{4}-\d{2}-\d{2}|^(?:today|tomorrow|yesterday|tonight)$/iu), 'today'];
    case 'text':
      return [...facts.quoted, facts.text];
    default:
      return wordsAfter(facts, parts);
  }
}

/**
 * Plausible values for a string field named `name`, best first, without repeats; empty for a blank
 * prompt. By the name's kind: a place after `in`/`at` (or any capitalised name) for `city`, `location`,
 * ...; after `from`/`to` for `origin`/`destination`; a name for `name`, `author`, ...; a word with
 * digits for `id`, `orderNumber`, `zip`, ...; the quoted phrase or the whole prompt for `query`, `text`,
 * ...; then, for every field, the quoted phrases and the prompt's content words, longest first.
 */
export function fieldCandidates(facts: PromptFacts, name: string): string[] {
  if (facts.text === '') return [];
  const parts = nameParts(name);
  const candidates = [...kindCandidates(facts, kindOf(parts), parts), ...facts.quoted, ...keywords(facts), facts.text];
  return [...new Set(candidates)];
}

/** The enum value the prompt names as a word (`fahrenheit` in "in Fahrenheit"), if any. */
export function mentionedValue(facts: PromptFacts, values: readonly unknown[]): unknown {
  const words = new Set(facts.words.map(word => word.toLowerCase()));
  return values.find(value => typeof value === 'string' && words.has(value.toLowerCase()));
}
