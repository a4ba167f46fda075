// A deterministic value that satisfies a JSON schema: the emulator's tool-call arguments (chat), tool_use
// `input` (messages) and json_schema answers. Covers what such schemas use in practice: type (also type
// arrays), enum/const, nested objects and arrays (properties/required/additionalProperties, items,
// prefixItems and draft-4 tuples), bounds and multipleOf, lengths, formats, simple `pattern`s,
// anyOf/oneOf/allOf and local $ref/$defs. Strings are picked from a seed text (the prompt) by the field's
// name (prompt-field-text.ts): `Paris` for `city`, not the whole prompt.

import { fieldCandidates, mentionedValue, readPrompt, type PromptFacts } from './prompt-field-text';

type Schema = Record<string, unknown>;

// Past this depth only required properties and minimum array lengths are produced, so recursive schemas end.
const MINIMAL_DEPTH = 4;
const HARD_DEPTH = 32;
/** Strings without a maxLength stay this short (in code points), however long the prompt. */
const MAX_STRING = 200;

/**
 * A JSON value valid against `schema`, the same for the same schema and seed. Strings come from `seedText`,
 * the part that fits the property's name (at most 200 characters unless `maxLength` says less), or the
 * property name when the seed is blank; an enum value the seed names is picked over the first.
 */
export function generateJsonValue(schema: unknown, seedText: string): unknown {
  const root = isSchema(schema) ? schema : {};
  return sample(schema, { root, prompt: readPrompt(seedText), name: 'value', depth: 0, variant: 0 });
}

interface State {
  root: Schema;
  prompt: PromptFacts;
  /** The property the value is for: it chooses the part of the prompt, and is the text without one. */
  name: string;
  depth: number;
  /** Index of the item in an enclosing array, to keep unique items distinct. */
  variant: number;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sample(input: unknown, state: State): unknown {
  if (input === false) return null;
  if (!isSchema(input)) return textOf(state);
  if (state.depth > HARD_DEPTH) return null;
  const schema = flatten(input, state.root, 0);

  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const named = state.variant === 0 ? mentionedValue(state.prompt, schema.enum) : undefined;
    return named ?? schema.enum[state.variant % schema.enum.length];
  }

  switch (pickType(schema)) {
    case 'null':
      return null;
    case 'boolean':
      return state.variant % 2 === 0;
    case 'integer':
      return sampleNumber(schema, state, true);
    case 'number':
      return sampleNumber(schema, state, false);
    case 'string':
      return sampleString(schema, state);
    case 'array':
      return sampleArray(schema, state);
    default:
      return sampleObject(schema, state);
  }
}

/** Resolves $ref and merges allOf and the first anyOf/oneOf branch into one schema. */
function flatten(schema: Schema, root: Schema, hops: number): Schema {
  if (hops > HARD_DEPTH) return {};
  let result: Schema = schema;
  if (typeof result.$ref === 'string') {
    const { $ref, ...siblings } = result;
    result = merge(flatten(resolveRef($ref as string, root), root, hops + 1), siblings);
  }
  if (Array.isArray(result.allOf)) {
    const { allOf, ...rest } = result;
    result = (allOf as unknown[]).reduce<Schema>(
      (merged, part) => merge(merged, isSchema(part) ? flatten(part, root, hops + 1) : {}),
      rest,
    );
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = result[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const { [key]: _dropped, ...rest } = result;
      // Prefer a non-null branch: a nullable field gets a real value.
      const branch = branches.find(b => isSchema(b) && b.type !== 'null') ?? branches[0];
      result = merge(rest, isSchema(branch) ? flatten(branch, root, hops + 1) : {});
    }
  }
  return result;
}

function resolveRef(ref: string, root: Schema): Schema {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return {};
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isSchema(node) ? node[key] : undefined;
  }
  return isSchema(node) ? node : {};
}

function merge(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (isSchema(a.properties) && isSchema(b.properties)) merged.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required)) {
    merged.required = [...new Set([...a.required, ...b.required])];
  }
  return merged;
}

function pickType(schema: Schema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find(t => t !== 'null') ?? type[0] ?? 'string') as string;
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return 'object';
  if ('items' in schema || 'prefixItems' in schema) return 'array';
  if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) return 'number';
  return 'string';
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function sampleNumber(schema: Schema, state: State, integer: boolean): number {
  let lo = numberOrUndefined(schema.minimum) ?? -Infinity;
  let hi = numberOrUndefined(schema.maximum) ?? Infinity;
  let loExclusive = false;
  let hiExclusive = false;
  // Draft 6+ numeric exclusive bounds, and the draft 4 boolean form.
  const exMin = numberOrUndefined(schema.exclusiveMinimum);
  const exMax = numberOrUndefined(schema.exclusiveMaximum);
  if (exMin !== undefined && exMin >= lo) [lo, loExclusive] = [exMin, true];
  if (exMax !== undefined && exMax <= hi) [hi, hiExclusive] = [exMax, true];
  if (schema.exclusiveMinimum === true) loExclusive = true;
  if (schema.exclusiveMaximum === true) hiExclusive = true;

  const step = numberOrUndefined(schema.multipleOf);
  if (integer || (step !== undefined && Number.isInteger(step))) {
    const min = loExclusive ? Math.floor(lo) + 1 : Math.ceil(lo);
    const max = hiExclusive ? Math.ceil(hi) - 1 : Math.floor(hi);
    const unit = step !== undefined && step > 0 ? step : 1;
    let value = 1 + state.variant;
    if (value < min) value = min;
    if (value > max) value = Number.isFinite(min) ? min : max;
    value = Math.ceil(value / unit) * unit;
    if (value > max) value = Math.floor(max / unit) * unit;
    return value === 0 ? 0 : value; // no -0
  }

  let value = 1 + state.variant;
  const inRange = (v: number) => (loExclusive ? v > lo : v >= lo) && (hiExclusive ? v < hi : v <= hi);
  if (!inRange(value)) {
    if (Number.isFinite(lo) && Number.isFinite(hi)) value = (lo + hi) / 2;
    else if (Number.isFinite(lo)) value = loExclusive ? lo + 1 : lo;
    else value = hiExclusive ? hi - 1 : hi;
  }
  if (step !== undefined && step > 0) {
    value = Math.ceil(value / step) * step;
    if (!inRange(value)) value = Math.floor(value / step - 1) * step;
    value = Number(value.toPrecision(12));
  }
  return value;
}

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '12:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/emulator',
  'uri-reference': 'https://example.com/emulator',
  iri: 'https://example.com/emulator',
  url: 'https://example.com/emulator',
  uuid: '00000000-0000-4000-8000-000000000000',
  regex: '.*',
};

function sampleString(schema: Schema, state: State): string {
  const minLength = numberOrUndefined(schema.minLength) ?? 0;
  const maxLength = numberOrUndefined(schema.maxLength) ?? MAX_STRING;
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  const value = format !== undefined ? withVariant(format, state.variant) : pickText(state, minLength, maxLength);
  if (typeof schema.pattern !== 'string') return value;

  let pattern: RegExp | undefined;
  try {
    pattern = new RegExp(schema.pattern, 'u');
  } catch {
    pattern = undefined;
  }
  if (!pattern || pattern.test(value)) return value;
  const text = state.prompt.text || state.name;
  const candidates = [
    // A word of the prompt that fits (`Lisbon` for `^[A-Z][a-z]+$`, also from `lisbon`) reads best.
    ...fieldCandidates(state.prompt, state.name).flatMap(text => [text, text.charAt(0).toUpperCase() + text.slice(1)]),
    patternExample(schema.pattern) ?? '',
    fitLength(text.replace(/[^A-Za-z0-9]+/g, '_'), '', minLength, maxLength),
    fitLength(text.replace(/[^a-z]+/gi, '').toLowerCase(), '', minLength, maxLength),
    'a'.repeat(Math.max(1, minLength)),
    'A'.repeat(Math.max(1, minLength)),
    '0'.repeat(Math.max(1, minLength)),
    'example',
    'user@example.com',
    'https://example.com',
    '2025-01-01',
  ];
  const fits = (candidate: string) => {
    const length = Array.from(candidate).length;
    return length >= minLength && length <= maxLength && pattern.test(candidate);
  };
  return candidates.find(fits) ?? value;
}

/**
 * The text of a string without format: of the prompt's parts for the field (each cut after its last
 * whole word within `maxLength`), those that fit the length limits, the first (the next one for each
 * further item of an array, else the first with ` 2`, ` 3`, ...); without one, the best part or the whole
 * prompt, cut or padded to fit; the property name when the prompt is blank.
 */
function pickText(state: State, minLength: number, maxLength: number): string {
  const length = (text: string) => Array.from(text).length;
  const candidates = fieldCandidates(state.prompt, state.name);
  const fitting = [...new Set(candidates.map(text => wordCut(text, maxLength)))].filter(
    text => length(text) >= minLength && length(text) <= maxLength,
  );
  const own = fitting[state.variant];
  if (own !== undefined) return own;
  const best = candidates[0] ?? '';
  const base = fitting[0] ?? ((length(best) < minLength ? state.prompt.text : best) || state.name);
  return fitLength(base, state.variant > 0 ? ` ${state.variant + 1}` : '', minLength, maxLength);
}

/** `text` up to its last whole word within `maxLength` code points; unchanged when it fits or no word does. */
function wordCut(text: string, maxLength: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  // Drop the word cut in two, then the spaces before it (a loop: no backtracking over long runs).
  const head = chars.slice(0, maxLength + 1).join('');
  let end = head.length;
  while (end > 0 && !/\s/u.test(head[end - 1]!)) end--;
  while (end > 0 && /\s/u.test(head[end - 1]!)) end--;
  return end === 0 ? text : head.slice(0, end);
}

/** The text of a value with no schema: the prompt's part for the field, or the property name. */
function textOf(state: State): string {
  return fieldCandidates(state.prompt, state.name)[0] ?? state.name;
}

function withVariant(format: string, variant: number): string {
  if (variant === 0) return format;
  if (format === 'user@example.com') return `user${variant + 1}@example.com`;
  if (format.startsWith('https://')) return `${format}/${variant + 1}`;
  if (format.startsWith('00000000-')) return `${String(variant).padStart(8, '0')}${format.slice(8)}`;
  return format;
}

function fitLength(text: string, suffix: string, minLength: number, maxLength: number): string {
  let value = text + suffix;
  // Counted in code points, as JSON Schema does.
  const chars = Array.from(value);
  if (chars.length > maxLength) value = chars.slice(0, maxLength - Array.from(suffix).length).join('') + suffix;
  if (Array.from(value).length > maxLength) value = Array.from(value).slice(0, maxLength).join('');
  while (Array.from(value).length < minLength) value += '.';
  return value;
}

function sampleArray(schema: Schema, state: State): unknown[] {
  const minimal = state.depth >= MINIMAL_DEPTH;
  const prefix = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = Array.isArray(schema.items) ? (schema.additionalItems ?? {}) : (schema.items ?? {});
  const minItems = numberOrUndefined(schema.minItems) ?? 0;
  const maxItems = numberOrUndefined(schema.maxItems) ?? Infinity;
  let count = Math.max(minItems, minimal ? 0 : Math.max(1, prefix.length));
  if (rest === false) count = Math.min(count, prefix.length);
  count = Math.min(count, maxItems);
  const items: unknown[] = [];
  for (let i = 0; i < count; i++) {
    items.push(sample(i < prefix.length ? prefix[i] : rest, { ...state, depth: state.depth + 1, variant: i }));
  }
  return items;
}

function sampleObject(schema: Schema, state: State): Record<string, unknown> {
  const minimal = state.depth >= MINIMAL_DEPTH;
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter(k => typeof k === 'string') : [];
  const keys = minimal ? required : [...new Set([...Object.keys(properties), ...required])];
  const result: Record<string, unknown> = {};
  for (const key of keys) {
    const propertySchema =
      key in properties ? properties[key] : isSchema(schema.additionalProperties) ? schema.additionalProperties : {};
    result[key] = sample(propertySchema, { ...state, name: key, depth: state.depth + 1, variant: 0 });
  }
  return result;
}

/**
 * The shortest string of a simple regular expression: literals, escapes, classes, groups with alternation
 * (first branch) and quantifiers (minimum count). Undefined for what it cannot read (lookarounds, backrefs).
 */
function patternExample(source: string): string | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Error('unsupported pattern');
  };
  const unescape = (c: string | undefined): string => {
    switch (c) {
      case 'd':
        return '0';
      case 'w':
      case 'D':
      case 'S':
        return 'a';
      case 's':
        return ' ';
      case 'W':
        return '-';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case undefined:
      case 'u':
      case 'x':
      case 'p':
      case 'P':
      case 'k':
        return fail();
      default:
        return /[1-9]/.test(c) ? fail() : c;
    }
  };
  const charClass = (): string => {
    const negated = source[i] === '^';
    if (negated) i++;
    const members: string[] = [];
    while (i < source.length && source[i] !== ']') {
      let c = source[i++]!;
      if (c === '\\') c = unescape(source[i++]);
      // A range a-z contributes its first character.
      if (source[i] === '-' && source[i + 1] !== undefined && source[i + 1] !== ']')
        i += source[i + 1] === '\\' ? 3 : 2;
      members.push(c);
    }
    if (source[i++] !== ']') fail();
    if (!negated) return members[0] ?? fail();
    return ['a', 'A', '0', '_', '-', ' '].find(c => !members.includes(c)) ?? fail();
  };
  const atom = (): string => {
    const c = source[i++]!;
    switch (c) {
      case '^':
      case '$':
        return '';
      case '.':
        return 'a';
      case '[':
        return charClass();
      case '\\': {
        const next = source[i++];
        return next === 'b' || next === 'B' ? '' : unescape(next);
      }
      case '(': {
        if (source[i] === '?') {
          if (source[i + 1] !== ':') fail();
          i += 2;
        }
        const inner = alternation();
        if (source[i++] !== ')') fail();
        return inner;
      }
      default:
        return c;
    }
  };
  const minCount = (): number => {
    const c = source[i];
    let min = 1;
    if (c === '?' || c === '*') [min, i] = [0, i + 1];
    else if (c === '+') i++;
    else if (c === '{') {
      const match = /^\{(\d+)(,\d*)?\}/.exec(source.slice(i));
      if (!match) return 1;
      min = Number(match[1]);
      i += match[0].length;
    } else return 1;
    if (source[i] === '?') i++; // lazy
    return min;
  };
  const sequence = (): string => {
    let out = '';
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const piece = atom();
      out += piece.repeat(minCount());
    }
    return out;
  };
  const alternation = (): string => {
    const first = sequence();
    while (source[i] === '|') {
      i++;
      sequence();
    }
    return first;
  };
  try {
    const example = alternation();
    return i === source.length ? example : undefined;
  } catch {
    return undefined;
  }
}
