import { describe, expect, it } from 'vitest';
import { mapChatFinishReason } from '../../src/chat/map-chat-finish-reason';

describe('mapChatFinishReason', () => {
  it('maps the documented reasons and keeps the raw value', () => {
    expect(mapChatFinishReason('stop')).toEqual({ unified: 'stop', raw: 'stop' });
    expect(mapChatFinishReason('length')).toEqual({ unified: 'length', raw: 'length' });
    expect(mapChatFinishReason('tool_calls')).toEqual({ unified: 'tool-calls', raw: 'tool_calls' });
    expect(mapChatFinishReason('content_filter')).toEqual({ unified: 'content-filter', raw: 'content_filter' });
  });

  it('maps anything else to other', () => {
    expect(mapChatFinishReason('function_call')).toEqual({ unified: 'other', raw: 'function_call' });
    expect(mapChatFinishReason('insufficient_system_resource')).toEqual({
      unified: 'other',
      raw: 'insufficient_system_resource',
    });
    expect(mapChatFinishReason(null)).toEqual({ unified: 'other', raw: undefined });
    expect(mapChatFinishReason(undefined)).toEqual({ unified: 'other', raw: undefined });
  });
});
