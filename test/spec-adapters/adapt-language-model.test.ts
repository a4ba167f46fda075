import { describe, expect, it } from 'vitest';
import { v3AsV4, v3ChainMember, v4AsV3, v4ChainMember } from '../../src/spec-adapters/adapt-language-model';
import { scriptedV3, scriptedV4 } from './spec-models';

// What a chain member is on each entry: the model itself when it speaks the chain's spec, else adapted.

describe('the adapted model', () => {
  it.each([
    ['v4AsV3', 'v3', 'other4', () => ((model = scriptedV4().model) => ({ model, adapted: v4AsV3(model) }))()],
    ['v3AsV4', 'v4', 'other3', () => ((model = scriptedV3().model) => ({ model, adapted: v3AsV4(model) }))()],
  ] as const)('%s: speaks %s with the model’s provider, id and URLs', (_name, spec, name, make) => {
    const { model, adapted } = make();
    expect(adapted.specificationVersion).toBe(spec);
    expect([adapted.provider, adapted.modelId]).toEqual([`${name}.chat`, `${name}-model`]);
    expect(adapted.supportedUrls).toBe(model.supportedUrls);
  });
});

describe('v3ChainMember and v4ChainMember', () => {
  it('keeps a model of the chain’s spec as it is', () => {
    const v3 = scriptedV3().model;
    const v4 = scriptedV4().model;
    expect(v3ChainMember(v3)).toBe(v3);
    expect(v4ChainMember(v4)).toBe(v4);
  });

  it('adapts a model of the other spec to the chain’s, calling the model itself', async () => {
    const v3 = scriptedV3();
    const v4 = scriptedV4();
    const inV4Chain = v4ChainMember(v3.model);
    const inV3Chain = v3ChainMember(v4.model);
    expect([inV4Chain.specificationVersion, inV3Chain.specificationVersion]).toEqual(['v4', 'v3']);
    await inV4Chain.doGenerate({ prompt: [] });
    await inV3Chain.doGenerate({ prompt: [] });
    expect([v3.calls, v4.calls]).toEqual([[{ prompt: [] }], [{ prompt: [] }]]);
  });
});
