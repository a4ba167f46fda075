import type {
  Experimental_VideoModelV3CallOptions,
  EmbeddingModelV3CallOptions,
  EmbeddingModelV3Result,
  ImageModelV3,
  ImageModelV3CallOptions,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3Warning,
  SpeechModelV3,
  SpeechModelV3CallOptions,
  TranscriptionModelV3,
  TranscriptionModelV3CallOptions,
} from '@ai-sdk/provider';
import type {
  Experimental_VideoModelV4,
  Experimental_VideoModelV4CallOptions,
  Experimental_VideoModelV4OperationStartResult,
  Experimental_VideoModelV4OperationStatusResult,
  Experimental_VideoModelV4Result,
  EmbeddingModelV4CallOptions,
  EmbeddingModelV4Result,
  ImageModelV4CallOptions,
  ImageModelV4Result,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
  SharedV4Warning,
  SpeechModelV4CallOptions,
  SpeechModelV4Result,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
} from '@ai-sdk/provider-v4';
import type {
  UnigateVideoModelV3,
  UnigateVideoStartResult,
  UnigateVideoStatusResult,
} from '../video/unigate-video-model';

/*
 * The one place the V4 entry's types meet the pipeline's. The pipeline is typed in the V3 shapes both
 * specs share, reads every V4 input form (file data forms, top-level media types, `reasoning`,
 * `reasoning-file` and `custom` parts, `dimensions`, `timestampGranularities`), and on a `v4` entry emits
 * V4's own values (`interrupted`, `deprecated`). What crosses here is therefore valid V4 at run time;
 * only the compiler needs telling, once per shape, so nothing is copied or walked on the hot path.
 * Where a V3 shape is assignable to its V4 one the compiler checks the crossing and no assertion is
 * written; elsewhere one `as` (never `as unknown as`), so the compiler still refuses shapes that do not
 * overlap at all.
 */

/** V4 call options, handed to the pipeline as they are. */
export const languageCall = (options: LanguageModelV4CallOptions): LanguageModelV3CallOptions =>
  options as LanguageModelV3CallOptions;
export const embeddingCall = (options: EmbeddingModelV4CallOptions): EmbeddingModelV3CallOptions =>
  options as EmbeddingModelV3CallOptions;
export const imageCall = (options: ImageModelV4CallOptions): ImageModelV3CallOptions =>
  options as ImageModelV3CallOptions;
export const speechCall = (options: SpeechModelV4CallOptions): SpeechModelV3CallOptions =>
  options as SpeechModelV3CallOptions;
export const transcriptionCall = (options: TranscriptionModelV4CallOptions): TranscriptionModelV3CallOptions =>
  options as TranscriptionModelV3CallOptions;

/** The pipeline's results, which on a `v4` entry carry V4's values, as V4 results. */
export const languageResult = (result: LanguageModelV3GenerateResult): LanguageModelV4GenerateResult =>
  result as LanguageModelV4GenerateResult;
export const languageStream = (result: LanguageModelV3StreamResult): LanguageModelV4StreamResult =>
  result as LanguageModelV4StreamResult;
export const embeddingResult = (result: EmbeddingModelV3Result): EmbeddingModelV4Result => result;
export const imageResult = (result: Awaited<ReturnType<ImageModelV3['doGenerate']>>): ImageModelV4Result => result;
export const speechResult = (result: Awaited<ReturnType<SpeechModelV3['doGenerate']>>): SpeechModelV4Result => result;
export const transcriptionResult = (
  result: Awaited<ReturnType<TranscriptionModelV3['doGenerate']>>,
): TranscriptionModelV4Result => result;
export const warningsV4 = (warnings: SharedV3Warning[]): SharedV4Warning[] => warnings;
export const videoCall = (options: Experimental_VideoModelV4CallOptions): Experimental_VideoModelV3CallOptions =>
  options as Experimental_VideoModelV3CallOptions;
export const videoResult = (
  result: Awaited<ReturnType<UnigateVideoModelV3['doGenerate']>>,
): Experimental_VideoModelV4Result => result;
export const videoStart = (result: UnigateVideoStartResult): Experimental_VideoModelV4OperationStartResult => result;
export const videoStatus = (result: UnigateVideoStatusResult): Experimental_VideoModelV4OperationStatusResult => result;
export const videoStatusCall = (
  options: Parameters<Required<Experimental_VideoModelV4>['doStatus']>[0],
): Parameters<UnigateVideoModelV3['doStatus']>[0] => options as Parameters<UnigateVideoModelV3['doStatus']>[0];
