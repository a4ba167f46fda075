import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { generateText, streamText } from 'ai';
import { unigateCost, type UnigateProvider } from '../src/index';

/**
 * The cost on the AI SDK's spans: records ai@6's telemetry in memory (no exporter server) and prints the
 * `gen_ai.usage.cost.*` attributes of each model-call span, next to the result's own figure.
 */
export async function telemetry(gw: UnigateProvider, model = 'gpt-4o-mini'): Promise<void> {
  console.log(`\n# Costs on OpenTelemetry spans (${model})`);
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('demo');
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  try {
    const experimental_telemetry = { isEnabled: true, tracer };
    const generated = await generateText({ model: gw(model), prompt: 'Say hello.', experimental_telemetry });
    const streamed = streamText({ model: gw(model), prompt: 'Say hello.', experimental_telemetry });
    await streamed.consumeStream();
    const results = [unigateCost(generated)?.total, (await unigateCost(streamed))?.total];
    console.log(`  the results' costs: ${results.join(', ')} credits`);
    for (const span of exporter.getFinishedSpans()) {
      const amount = span.attributes['gen_ai.usage.cost.amount'];
      if (amount === undefined) continue;
      const currency = span.attributes['gen_ai.usage.cost.currency'];
      const source = span.attributes['gen_ai.usage.cost.source'];
      console.log(`  span ${span.name}: gen_ai.usage.cost.amount ${amount} ${currency} (source ${source})`);
    }
  } finally {
    context.disable();
  }
}
