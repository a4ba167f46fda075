import { cosineSimilarity, embed, embedMany } from 'ai';
import type { UnigateProvider } from '../src/index';

const SENTENCES = [
  'The cat sleeps on the warm windowsill.',
  'Stock markets fell sharply after the interest rate decision.',
  'A recipe for apple pie with a crumbly crust.',
  'The dog chased the cat across the garden.',
  'Central banks are expected to raise interest rates again.',
];

/** Embeddings: embedMany a few sentences, then the nearest neighbour of a query by cosine similarity. */
export async function embedding(gw: UnigateProvider, model = 'text-embedding-3-small'): Promise<void> {
  console.log(`\n# Embeddings (${model})`);
  const { embeddings, usage } = await embedMany({ model: gw.embedding(model), values: SENTENCES });
  console.log(`  embedMany: ${embeddings.length} vectors of ${embeddings[0]?.length} numbers; ${usage.tokens} tokens`);

  const query = 'Will interest rates rise?';
  const { embedding: queryVector } = await embed({ model: gw.embedding(model), value: query });
  const ranked = SENTENCES.map((sentence, i) => ({ sentence, score: cosineSimilarity(queryVector, embeddings[i]!) })).sort(
    (a, b) => b.score - a.score,
  );
  console.log(`  query: ${query}`);
  for (const { sentence, score } of ranked.slice(0, 2)) console.log(`    ${score.toFixed(3)}  ${sentence}`);
  console.log(`  nearest: ${ranked[0]!.sentence}`);

  const { embedding: short } = await embed({
    model: gw.embedding(model),
    value: query,
    providerOptions: { unigate: { dimensions: 256 } },
  });
  console.log(`  providerOptions.unigate.dimensions 256: a vector of ${short.length} numbers`);
}
