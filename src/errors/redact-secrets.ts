/** What stands in for the key wherever it is removed: the text around it stays readable. */
export const REDACTED = '[redacted]';

// Shorter strings are no API key: replacing them would garble the text and protect nothing.
const MIN_SECRET_LENGTH = 8;

/**
 * The key in every form the gateway may echo it, mixed as they may be: each character as is,
 * percent-encoded (a query string or a URL path), or JSON-escaped (`\/`, `\"`, `\u` and four hex digits). Case is
 * ignored, for the hex digits' sake: a string equal to the key but for case is no less the key.
 */
function secretPattern(secret: string): RegExp {
  const encoder = new TextEncoder();
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  let source = '';
  for (const character of secret) {
    const literal = character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    const forms = [literal, [...encoder.encode(character)].map(byte => `%${hex(byte, 2)}`).join('')];
    // One `\u` escape per UTF-16 unit: a character outside the BMP is a surrogate pair.
    let unicode = '';
    for (let index = 0; index < character.length; index++) unicode += `\\\\u${hex(character.charCodeAt(index), 4)}`;
    forms.push(unicode);
    if ('/"\\'.includes(character)) forms.push(`\\\\${literal}`);
    source += `(?:${forms.join('|')})`;
  }
  return new RegExp(source, 'gi');
}

/** An Error of any realm (the edge VM's and the host's are different classes). */
function isError(value: object): value is Error {
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}

/** A JSON-like object: an array, or an object whose prototype is a realm's `Object.prototype` or none. */
function isPlain(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Sets a property that may be a getter without setter (DOMException's message); false when it is read-only. */
function overwrite(target: object, name: string, value: unknown): boolean {
  try {
    if (Reflect.set(target, name, value) && Reflect.get(target, name) === value) return true;
  } catch {
    // Defined below instead.
  }
  try {
    const enumerable = Object.getOwnPropertyDescriptor(target, name)?.enumerable ?? false;
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable });
    return true;
  } catch {
    return false;
  }
}

// What an error may hold besides its own properties (inherited, or set by the engine).
const ERROR_FIELDS = ['message', 'stack', 'cause', 'errors'];

/**
 * The one redaction step for everything built from the gateway's text: replaces the API key, in every
 * form the gateway may echo it (as sent, inside `Bearer …`, percent-encoded, JSON-escaped), with
 * `[redacted]`. Strings come back redacted. An error is redacted in place (its class, markers and
 * identity are what callers test) through its message, stack, `cause` chain and every own property
 * (`data`, `responseBody`, `responseHeaders`, `url`, `requestBodyValues`, `job`, …). Arrays and plain
 * objects come back as redacted copies when they hold the key (they may be the caller's own), unchanged
 * otherwise. Without a key (or one under 8 characters) the value is returned as is.
 */
export function redactSecrets<T>(value: T, secret: string | undefined): T {
  if (secret === undefined || secret.length < MIN_SECRET_LENGTH) return value;
  const pattern = secretPattern(secret);
  // Anything shared, even in a cycle, is handled once.
  const seen = new Map<object, unknown>();

  /** Puts `source`'s entries, names and values redacted, into `target` (a new container, or `source`). */
  const fill = (source: Record<string, unknown>, target: Record<string, unknown>): boolean => {
    let changed = false;
    for (const name of Object.keys(source)) {
      const key = redact(name) as string;
      const before = source[name];
      const after = redact(before);
      if (key !== name || after !== before) changed = true;
      if (key !== name && target === source) delete target[name];
      target[key] = after;
    }
    return changed;
  };

  /** Every own property counts, enumerable or not (ZodError's `issues` is not, and quotes values it rejected). */
  const redactError = (error: Error): void => {
    for (const name of new Set([...ERROR_FIELDS, ...Object.getOwnPropertyNames(error)])) {
      let before: unknown;
      try {
        before = Reflect.get(error, name);
      } catch {
        continue;
      }
      const after = redact(before);
      // A read-only property keeps its array or object, changed in place instead.
      if (after !== before && !overwrite(error, name, after) && before !== null && typeof before === 'object') {
        try {
          fill(before as Record<string, unknown>, before as Record<string, unknown>);
        } catch {
          // Frozen: nothing more can be done.
        }
      }
    }
  };

  const redact = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(pattern, REDACTED);
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return seen.get(value);
    seen.set(value, value);
    let result: unknown = value;
    if (isError(value)) redactError(value);
    else if (isPlain(value)) {
      const copy = Array.isArray(value) ? [] : {};
      if (fill(value, copy)) result = copy;
    }
    seen.set(value, result);
    return result;
  };

  return redact(value) as T;
}

/** Runs `run`; what it throws (or its promise rejects with) leaves through `redactSecrets`. */
export function withSecretsRedacted<T>(secret: string | undefined, run: () => T): T {
  const fail = (error: unknown): never => {
    throw redactSecrets(error, secret);
  };
  let result: T;
  try {
    result = run();
  } catch (error) {
    return fail(error);
  }
  const thenable = result as { then?: unknown } | null;
  return typeof thenable?.then === 'function' ? (Promise.resolve(result).catch(fail) as T) : result;
}
