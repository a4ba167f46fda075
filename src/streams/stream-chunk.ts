import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/values';
import type { SseSink } from './sse-reader';
import { malformed, notA, type StreamFormat } from './stream-errors';

/**
 * The first step of every stream handler's hot path: one JSON.parse of an event's data, the `raw`
 * part when asked for, then the one check every chunk gets (a JSON object). Anything else throws
 * `malformed`, naming the event when it has a name.
 */
export function readChunk(
  format: StreamFormat,
  data: string,
  eventName: string | undefined,
  includeRawChunks: boolean,
  sink: SseSink<LanguageModelV3StreamPart>,
): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    const what = eventName ? `a "${eventName}" chunk` : 'a chunk';
    throw malformed(format, `${what} is not valid JSON (the stream may have been cut off)`, data);
  }
  if (includeRawChunks) sink.enqueue({ type: 'raw', rawValue: parsed });
  if (!isObjectRecord(parsed)) throw malformed(format, notA('a chunk', parsed, 'a JSON object'), data);
  return parsed;
}
