import type { LanguageModelV3CallOptions, SharedV3Warning } from '@ai-sdk/provider';
import type { ChatFunctionTool, ChatToolChoice } from './chat-api-types';

/**
 * Maps V3 tools and tool choice to the wire. Provider tools (type `provider`) and tool input examples
 * have no place in the chat-completions format: they become `unsupported` warnings.
 */
export function prepareChatTools({ tools, toolChoice }: Pick<LanguageModelV3CallOptions, 'tools' | 'toolChoice'>): {
  tools: ChatFunctionTool[] | undefined;
  toolChoice: ChatToolChoice | undefined;
  warnings: SharedV3Warning[];
} {
  const warnings: SharedV3Warning[] = [];
  const chatTools: ChatFunctionTool[] = [];
  for (const tool of tools ?? []) {
    if (tool.type === 'provider') {
      warnings.push({
        type: 'unsupported',
        feature: `provider-defined tool ${tool.id}`,
        details: `The chat-completions endpoint runs no provider tools; "${tool.name}" was not sent.`,
      });
      continue;
    }
    if (tool.inputExamples !== undefined && tool.inputExamples.length > 0) {
      warnings.push({
        type: 'unsupported',
        feature: 'tool input examples',
        details: `The chat-completions format has no field for the input examples of tool "${tool.name}"; they were not sent.`,
      });
    }
    chatTools.push({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined && { description: tool.description }),
        parameters: tool.inputSchema,
        ...(tool.strict !== undefined && { strict: tool.strict }),
      },
    });
  }

  // Without tools a tool choice means nothing, and upstreams reject one sent alone.
  if (chatTools.length === 0) return { tools: undefined, toolChoice: undefined, warnings };

  let chatToolChoice: ChatToolChoice | undefined;
  switch (toolChoice?.type) {
    case 'auto':
    case 'none':
    case 'required':
      chatToolChoice = toolChoice.type;
      break;
    case 'tool':
      chatToolChoice = { type: 'function', function: { name: toolChoice.toolName } };
      break;
  }
  return { tools: chatTools, toolChoice: chatToolChoice, warnings };
}
