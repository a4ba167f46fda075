import type { SharedV3Warning, TranscriptionModelV3CallOptions } from '@ai-sdk/provider';
import { isOneOf } from '../internal/narrow';
import { failArgument } from '../internal/validate-argument';
import type { TranscriptionResponseFormat } from './transcription-api-types';

// V4's `timestampGranularities` call option. The gateway documents no field for it (no
// timestamp_granularities in the multipart form), so nothing is sent: timings come from the format,
// and a format that cannot give the timings asked for is warned about, never silently.

/** The timings V4's `timestampGranularities` can ask for. */
export const TIMESTAMP_GRANULARITIES = ['word', 'segment'] as const;

/** One timing detail of V4's `timestampGranularities`: `word` or `segment`. */
export type TimestampGranularity = (typeof TIMESTAMP_GRANULARITIES)[number];

/** Which timings each response format can carry: words only in verbose_json, segments also as cues. */
const FORMAT_TIMINGS: Record<TranscriptionResponseFormat, readonly TimestampGranularity[]> = {
  verbose_json: ['word', 'segment'],
  srt: ['segment'],
  vtt: ['segment'],
  json: [],
  text: [],
};

const ALLOWED = TIMESTAMP_GRANULARITIES.map(value => JSON.stringify(value)).join(' or ');

/**
 * The call's `timestampGranularities` (V4; absent from the V3 call options, so read as unknown). Unset
 * or null is `undefined`. Anything but an array of `'word'` / `'segment'` fails before the request,
 * naming the option (or the item), the allowed values and the value as given.
 */
export function readTimestampGranularities(
  options: TranscriptionModelV3CallOptions,
): readonly TimestampGranularity[] | undefined {
  const value: unknown = 'timestampGranularities' in options ? options.timestampGranularities : undefined;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) failArgument('timestampGranularities', `expected an array of ${ALLOWED}`, value);
  return value.map((item: unknown, index) => {
    if (!isOneOf(TIMESTAMP_GRANULARITIES, item))
      failArgument(`timestampGranularities[${index}]`, `expected ${ALLOWED}`, item);
    return item;
  });
}

/** Before the request: the granularities asked for that the chosen response format cannot return. */
export function granularityFormatWarnings(
  granularities: readonly TimestampGranularity[] | undefined,
  format: TranscriptionResponseFormat,
): SharedV3Warning[] {
  const missing = [...new Set(granularities)].filter(granularity => !FORMAT_TIMINGS[format].includes(granularity));
  if (missing.length === 0) return [];
  return [
    {
      type: 'unsupported',
      feature: 'timestampGranularities',
      details:
        `timestampGranularities ${JSON.stringify(missing)} asks for timings that providerOptions.unigate.responseFormat ` +
        `"${format}" does not return; the default, "verbose_json", returns words (when the gateway sends them) and segments.`,
    },
  ];
}

/** After a verbose_json answer: word timings were asked for and the gateway sent none. */
export function missingWordsWarnings(
  granularities: readonly TimestampGranularity[] | undefined,
  format: TranscriptionResponseFormat,
  hasWords: boolean,
): SharedV3Warning[] {
  if (format !== 'verbose_json' || hasWords || !granularities?.includes('word')) return [];
  return [
    {
      type: 'unsupported',
      feature: 'timestampGranularities',
      details: 'timestampGranularities asks for "word" timings, but the gateway\'s verbose_json answer has no words.',
    },
  ];
}
