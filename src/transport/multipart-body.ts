import { generateId, isBrowserRuntime } from '@ai-sdk/provider-utils';

/** One file part of a multipart upload. */
export interface MultipartFile {
  /** The form field, e.g. `file`. */
  field: string;
  /** The file name the server sees, e.g. `audio.wav`. */
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

// Pieces of the caller's bytes handed to the request body: a stream of views, never a copy of the file.
const PIECE_BYTES = 64 * 1024;

const encoder = new TextEncoder();

// WHATWG's multipart/form-data encoding: a quote or a line break in a name is percent-encoded.
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * A `multipart/form-data` body built by hand, so a large upload is not copied on its way out.
 *
 * Handing `fetch` a `FormData` (or a `Blob`) holding a 25 MB file peaks at about 5x the file in Node,
 * because the runtime buffers the whole encoded body. Outside browsers the body is instead a stream of
 * 64 KB views of the caller's bytes with an exact `content-length` (about 2x: the caller's copy plus
 * what is in flight). Browsers cannot stream a request body over HTTP/1.1, so there it is one `Blob`.
 */
export class MultipartBody {
  readonly contentType: string;
  /** The text fields, for error reports and `request.body` (the file is never echoed). */
  readonly values: Record<string, string>;
  private readonly head: Uint8Array;
  private readonly file: Uint8Array;
  private readonly tail: Uint8Array;

  constructor(values: Record<string, string>, file: MultipartFile) {
    // Lower case: a Blob lowercases its type, and the header and the body must name the same boundary.
    const boundary = `----unigate-${generateId().toLowerCase()}`;
    this.contentType = `multipart/form-data; boundary=${boundary}`;
    this.values = values;
    let head = '';
    for (const [name, value] of Object.entries(values)) {
      head += `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`;
    }
    head +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.name)}"\r\n` +
      `Content-Type: ${file.mediaType}\r\n\r\n`;
    this.head = encoder.encode(head);
    this.file = file.bytes;
    this.tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  }

  /** The exact length of the encoded body in bytes. */
  get contentLength(): number {
    return this.head.byteLength + this.file.byteLength + this.tail.byteLength;
  }

  /** What `fetch` gets as the body in this runtime, and whether it is a stream (which needs `duplex`). */
  content(): { body: ReadableStream<Uint8Array> | Blob; streamed: boolean } {
    if (isBrowserRuntime()) {
      return {
        body: new Blob([this.head, this.file, this.tail] as BlobPart[], { type: this.contentType }),
        streamed: false,
      };
    }
    const pieces = [this.head];
    for (let at = 0; at < this.file.byteLength; at += PIECE_BYTES)
      pieces.push(this.file.subarray(at, at + PIECE_BYTES));
    pieces.push(this.tail);
    let next = 0;
    // Not a byte stream: its chunks are enqueued as they are, never transferred, so the caller's bytes stay usable.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next < pieces.length) controller.enqueue(pieces[next++]);
        else controller.close();
      },
    });
    return { body, streamed: true };
  }
}
