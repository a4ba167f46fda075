import { isTextMediaType } from './file-part-data';
import { accessorCall } from './model-kind';
import { NON_CHAT_MODEL_IDS } from '../settings/unigate-model-ids';

/**
 * What to do with a file a prompt cannot carry. Both language formats of the gateway take images only
 * (jpeg, png, gif, webp), so the advice never sends the caller from one format to the other: it says
 * how to turn the file into text or images, which both take.
 */
export function unsupportedFileAdvice(mediaType: string): string {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  // The top-level segment alone (`image`, `audio`) is a media type too under ai@7.
  const topLevel = type.split('/')[0];
  if (type === 'application/pdf') {
    return "Extract the PDF's text and send it as a text part, or render its pages as images (PNG or JPEG) and send those.";
  }
  if (topLevel === 'image') return 'Convert the image to PNG or JPEG and send that.';
  if (topLevel === 'audio') {
    const [transcriber] = NON_CHAT_MODEL_IDS.transcription;
    const accessor = transcriber === undefined ? 'the transcription model' : accessorCall('transcription', transcriber);
    return `Transcribe the audio with ${accessor} on the provider and send the text as a text part.`;
  }
  if (isTextMediaType(type)) return "Send the file's content as a text part.";
  return "Send the file's content as a text part, or as images.";
}
