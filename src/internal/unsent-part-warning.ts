import { InvalidPromptError, type SharedV3Warning } from '@ai-sdk/provider';
import { isObjectRecord } from './narrow';

/** The error for a prompt part of a type the converter has no case for; `role`: `a user`, `an assistant`. */
export function unknownPartError(role: string, part: unknown, where: string, prompt: unknown): InvalidPromptError {
  const type = isObjectRecord(part) ? part.type : undefined;
  const shown = typeof type === 'string' ? `"${type}"` : String(type);
  return new InvalidPromptError({
    prompt,
    message: `${where} is ${role} part of unknown type ${shown}: it cannot be sent.`,
  });
}

/**
 * An assistant part of a type the converter has no case for. ai@7 hands a V3 model two that neither
 * wire format has a place for, `reasoning-file` (a file the model made while reasoning) and `custom`:
 * each gets a warning naming it (`where`: `prompt[2].content[1]`) and is not sent. Anything else is an
 * `InvalidPromptError` naming the part.
 */
export function warnUnsentAssistantPart(
  part: unknown,
  where: string,
  format: string,
  prompt: unknown,
  warnings: SharedV3Warning[],
): void {
  if (!isObjectRecord(part) || (part.type !== 'reasoning-file' && part.type !== 'custom')) {
    throw unknownPartError('an assistant', part, where, prompt);
  }
  const type = part.type;
  const what =
    type === 'custom'
      ? `custom part of kind "${String(part.kind)}"`
      : `reasoning-file part (${String(part.mediaType)})`;
  warnings.push({
    type: 'unsupported',
    feature: `assistant ${type} part`,
    details: `${where} is an assistant ${what}: the ${format} format has no place for it, so it was not sent.`,
  });
}
