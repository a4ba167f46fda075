import { InvalidArgumentError, type LanguageModelV3CallOptions, type SharedV3Warning } from '@ai-sdk/provider';
import type { MessagesTool, MessagesToolChoice } from './messages-api-types';
import { type CacheBreakpointLabels, readCacheControl } from '../prompt/read-cache-control';

/**
 * Name of the tool that carries a JSON answer. The messages format has no JSON mode, so
 * `responseFormat: {type:'json', schema}` is emulated: a tool with that schema as `input_schema` is offered
 * and chosen, and its input comes back as the text answer.
 */
export const JSON_RESPONSE_TOOL_NAME = 'json';

export interface PreparedMessagesTools {
  tools: MessagesTool[] | undefined;
  toolChoice: MessagesToolChoice | undefined;
  /** True when a `json` tool_use block is the answer text, not a tool call. */
  jsonResponseTool: boolean;
  warnings: SharedV3Warning[];
}

/**
 * Tool definitions (`input_schema`, never `parameters`), `tool_choice`, and the JSON-answer emulation. A
 * tool's explicit cache breakpoint (`providerOptions.unigate.cacheControl`) is written on its definition
 * and recorded in `cacheLabels`.
 */
export function prepareMessagesTools({
  tools,
  toolChoice,
  responseFormat,
  thinkingEnabled,
  cacheLabels = new Map(),
}: Pick<LanguageModelV3CallOptions, 'tools' | 'toolChoice' | 'responseFormat'> & {
  thinkingEnabled: boolean;
  cacheLabels?: CacheBreakpointLabels;
}): PreparedMessagesTools {
  const warnings: SharedV3Warning[] = [];
  const definitions: MessagesTool[] = [];
  for (const [index, tool] of (tools ?? []).entries()) {
    if (tool.type === 'function') {
      if (tool.inputExamples !== undefined && tool.inputExamples.length > 0) {
        warnings.push({
          type: 'unsupported',
          feature: 'tool input examples',
          details: `The messages format has no field for the input examples of tool "${tool.name}"; they were not sent.`,
        });
      }
      const where = `tools[${index}]`;
      const cacheControl = readCacheControl(tool.providerOptions, where);
      const definition: MessagesTool = {
        name: tool.name,
        ...(tool.description !== undefined && { description: tool.description }),
        input_schema: tool.inputSchema,
        ...(cacheControl !== undefined && { cache_control: cacheControl }),
      };
      if (cacheControl !== undefined) cacheLabels.set(definition, `${where} ("${tool.name}")`);
      definitions.push(definition);
    } else {
      warnings.push({
        type: 'unsupported',
        feature: `provider-defined tool ${tool.id}`,
        details: 'The messages endpoint documents function tools only; this tool was not sent.',
      });
    }
  }

  if (toolChoice?.type === 'tool' && !definitions.some(tool => tool.name === toolChoice.toolName)) {
    throw new InvalidArgumentError({
      argument: 'toolChoice',
      message: `Invalid argument toolChoice: it names the tool "${toolChoice.toolName}", which is not among the tools of this call.`,
    });
  }

  const userChoice = mapToolChoice(toolChoice);

  if (responseFormat?.type === 'json') {
    if (responseFormat.schema === undefined) {
      warnings.push({
        type: 'unsupported',
        feature: 'responseFormat',
        details:
          'The messages format has no JSON mode; without a schema the answer is not constrained. ' +
          'Pass a schema (it is then enforced through a tool) or ask for JSON in the prompt.',
      });
    } else {
      if (definitions.some(tool => tool.name === JSON_RESPONSE_TOOL_NAME)) {
        throw new InvalidArgumentError({
          argument: 'tools',
          message: `Invalid argument tools: the tool name "${JSON_RESPONSE_TOOL_NAME}" is reserved for JSON answers (responseFormat json with a schema); rename the tool.`,
        });
      }
      const hasUserTools = definitions.length > 0;
      definitions.push({
        name: JSON_RESPONSE_TOOL_NAME,
        description: responseFormat.description ?? 'Respond with a JSON object that matches the input schema.',
        input_schema: responseFormat.schema,
      });
      let choice: MessagesToolChoice;
      if (thinkingEnabled) {
        // Forced tool use is not available together with extended thinking upstream.
        choice = { type: 'auto' };
        warnings.push({
          type: 'compatibility',
          feature: 'responseFormat',
          details: `With thinking enabled the "${JSON_RESPONSE_TOOL_NAME}" answer tool is offered, not forced; the model may answer in plain text.`,
        });
      } else if (!hasUserTools || userChoice?.type === 'none') {
        choice = { type: 'tool', name: JSON_RESPONSE_TOOL_NAME };
      } else if (userChoice?.type === 'tool') {
        choice = userChoice;
      } else {
        choice = { type: 'any' };
      }
      return { tools: definitions, toolChoice: choice, jsonResponseTool: true, warnings };
    }
  }

  if (definitions.length === 0) return { tools: undefined, toolChoice: undefined, jsonResponseTool: false, warnings };
  return { tools: definitions, toolChoice: userChoice, jsonResponseTool: false, warnings };
}

function mapToolChoice(choice: LanguageModelV3CallOptions['toolChoice']): MessagesToolChoice | undefined {
  switch (choice?.type) {
    case undefined:
      return undefined;
    case 'auto':
      return { type: 'auto' };
    case 'required':
      return { type: 'any' };
    case 'none':
      return { type: 'none' };
    case 'tool':
      return { type: 'tool', name: choice.toolName };
  }
}
