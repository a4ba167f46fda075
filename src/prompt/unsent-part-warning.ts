import { InvalidPromptError, type SharedV3Warning } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/narrow';

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

/**
 * A `custom` item of a tool result (provider-specific content, the V3 and V4 specs both allow it): neither
 * wire format has a place for one, so it is left out with a warning naming it (`where`:
 * `prompt[3].content[0].output.value[1]`); the result's other items are sent.
 */
export function warnUnsentToolResultItem(where: string, format: string, warnings: SharedV3Warning[]): void {
  warnings.push({
    type: 'unsupported',
    feature: 'tool result custom item',
    details: `${where} is a custom tool result item: the ${format} format has no place for it, so it was not sent.`,
  });
}
