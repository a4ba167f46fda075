import { embed, generateText, streamText } from 'ai';
import { unigateCost, type UnigateCost, type UnigateProvider } from '../src/index';

/** Collects each call's cost (`unigateCost(result)`) and prints them with a total. */
export class CostLedger {
  private readonly rows: Array<{ label: string; cost: UnigateCost | undefined; missing?: string }> = [];

  /**
   * Records one call; a call without a cost is listed as `missing` says, by default as not priced
   * (pricing off, or no price for its model). Returns the cost, for the example's own line.
   */
  add(label: string, cost: UnigateCost | undefined, missing?: string): UnigateCost | undefined {
    this.rows.push({ label, cost, missing });
    return cost;
  }

  /** The sum of every recorded cost, in credits: added in pico-credits, as costs are rounded, so no float noise. */
  get total(): number {
    return this.rows.reduce((sum, row) => sum + Math.round((row.cost?.total ?? 0) * 1e12), 0) / 1e12;
  }

  print(title = 'Costs'): void {
    console.log(`\n# ${title} (credits)`);
    const width = Math.max(...this.rows.map(row => row.label.length), 5);
    for (const { label, cost, missing } of this.rows) {
      const figures = cost
        ? `${format(cost.total).padEnd(14)}  (in ${format(cost.input)}, out ${format(cost.output)})`
        : `no cost (${missing ?? 'not priced'})`;
      console.log(`  ${label.padEnd(width)}  ${figures}`);
    }
    const unpriced = this.rows.filter(row => !row.cost).length;
    const note = unpriced
      ? `  (${this.rows.length - unpriced} of ${this.rows.length} calls; those without a cost count as 0)`
      : '';
    console.log(`  ${'total'.padEnd(width)}  ${format(this.total)}${note}`);
  }
}

/** Costs have 12 decimal places; `toFixed(12)` prints them all without exponent form (4.5e-7). */
function format(credits: number): string {
  return credits.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
}

/** What an example prints after a call's own line: `cost 0.00001234 credits`, or why there is none. */
export function costNote(cost: UnigateCost | undefined, missing = 'not priced'): string {
  return cost ? `cost ${format(cost.total)} credits` : `no cost (${missing})`;
}

/**
 * Costs per call, and before a call. `gw` should be created with `pricing: 'catalog'` (or a table);
 * without it every call is listed as "not priced", and the estimates still work.
 */
export async function costs(
  gw: UnigateProvider,
  ledger = new CostLedger(),
  model = 'gpt-4o-mini',
): Promise<CostLedger> {
  console.log(`\n# Costs (${model})`);
  const entry = await gw.catalog.get(model);
  console.log(
    `  catalog.get: ${entry?.id}: ${entry?.inputPrice} in / ${entry?.outputPrice} out per 1M tokens, context ${entry?.contextWindow}`,
  );
  const estimate = await gw.estimateCost({ model, inputTokens: 1000, outputTokens: 500 });
  console.log(`  estimateCost(1000 in, 500 out): ${estimate ? format(estimate.total) : 'no price'} credits`);
  const speech = await gw.estimateCost({ model: 'tts-1', characters: 10_000 });
  console.log(`  estimateCost(tts-1, 10,000 characters): ${speech ? format(speech.total) : 'no price'} credits`);

  const generated = await generateText({ model: gw(model), prompt: 'Say hello in five words.' });
  console.log(`  generateText ${model}: ${costNote(ledger.add(`generateText ${model}`, unigateCost(generated)))}`);
  const streamed = streamText({ model: gw.messages('claude-haiku-4-5'), prompt: 'Say hello in five words.' });
  await streamed.consumeStream();
  const streamedCost = ledger.add('streamText claude-haiku-4-5 (messages)', await unigateCost(streamed));
  console.log(`  streamText claude-haiku-4-5 (messages): ${costNote(streamedCost)}`);
  // Through chat a Claude model writes nothing to the cache unless the body asks (cache_control): its input
  // is at the input price. With a breakpoint and no write count in the usage, the cost is the upper bound.
  const viaChat = await generateText({ model: gw.chat('claude-haiku-4-5'), prompt: 'Say hello in five words.' });
  console.log(
    `  generateText claude-haiku-4-5 (chat): ${costNote(ledger.add('claude-haiku-4-5 (chat)', unigateCost(viaChat)))}`,
  );
  const asked = await generateText({
    model: gw.chat('claude-haiku-4-5'),
    prompt: 'Say hello in five words.',
    providerOptions: { unigate: { extraBody: { cache_control: { type: 'ephemeral' } } } },
  });
  const askedCost = ledger.add('claude-haiku-4-5 (chat, cache_control)', unigateCost(asked));
  console.log(
    `  generateText claude-haiku-4-5 (chat, cache_control): ${costNote(askedCost)}${askedCost?.estimated ? ' (estimated: writes not reported)' : ''}`,
  );
  const embedded = await embed({ model: gw.embedding('text-embedding-3-small'), value: 'What does this cost?' });
  console.log(
    `  embed text-embedding-3-small: ${costNote(ledger.add('embed text-embedding-3-small', unigateCost(embedded)))}`,
  );
  return ledger;
}
