import { InvalidArgumentError } from '@ai-sdk/provider';
import { countCharacters } from '../internal/validate-argument';
import { SPEECH_LIMITS } from './unigate-speech-options';

/**
 * The text must be 1 to 4096 characters. A longer text fails before any request, with how to split it:
 * the gateway rejects it whole, and one call per piece is the only way through.
 */
export function checkSpeechText(text: unknown): void {
  const { min, max } = SPEECH_LIMITS.text;
  if (typeof text !== 'string' || text.length === 0) {
    throw new InvalidArgumentError({
      argument: 'text',
      message: `Invalid argument text: the gateway accepts ${min} to ${max} characters; received ${typeof text === 'string' ? 'an empty string' : String(text)}.`,
    });
  }
  const characters = countCharacters(text);
  if (characters > max) {
    throw new InvalidArgumentError({
      argument: 'text',
      message:
        `Invalid argument text: the gateway accepts at most ${max} characters per call; received ${characters}. ` +
        `Split the text (e.g. at sentence ends) into pieces of at most ${max} characters and make one call per piece.`,
    });
  }
}
