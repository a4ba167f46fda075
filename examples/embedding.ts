import { cosineSimilarity, embed, embedMany } from 'ai';
import { unigateCost, type UnigateProvider } from '../src/index';
import { costNote, type CostLedger } from './costs';

const SENTENCES = [
  'The cat sleeps on the warm windowsill.',
  'Stock markets fell sharply after the interest rate decision.',
  'A recipe for apple pie with a crumbly crust.',
  'The dog chased the cat across the garden.',
  'Central banks are expected to raise interest rates again.',
];

/** Embeddings: embedMany a few sentences, then the nearest neighbour of a query by cosine similarity. */
export async function embedding(
  gw: UnigateProvider,
  ledger: CostLedger,
  model = 'text-embedding-3-small',
): Promise<void> {
  console.log(`\n# Embeddings (${model})`);
  // unigateCost prices the whole batch, even one embedMany splits over several requests.
  const many = await embedMany({ model: gw.embedding(model), values: SENTENCES });
  const { embeddings, usage } = many;
  const manyCost = costNote(ledger.add(`embedMany ${model}`, unigateCost(many)));
  console.log(
    `  embedMany: ${embeddings.length} vectors of ${embeddings[0]?.length} numbers; ${usage.tokens} tokens; ${manyCost}`,
  );

  const query = 'Will interest rates rise?';
  const queried = await embed({ model: gw.embedding(model), value: query });
  const queryVector = queried.embedding;
  const ranked = SENTENCES.map((sentence, i) => ({
    sentence,
    score: cosineSimilarity(queryVector, embeddings[i]!),
  })).sort((a, b) => b.score - a.score);
  console.log(`  query: ${query}  (embed: ${costNote(ledger.add(`embed query ${model}`, unigateCost(queried)))})`);
  for (const { sentence, score } of ranked.slice(0, 2)) console.log(`    ${score.toFixed(3)}  ${sentence}`);
  console.log(`  nearest: ${ranked[0]!.sentence}`);

  const shortened = await embed({
    model: gw.embedding(model),
    value: query,
    providerOptions: { unigate: { dimensions: 256 } },
  });
  const shortCost = costNote(ledger.add(`embed 256 dimensions ${model}`, unigateCost(shortened)));
  console.log(
    `  providerOptions.unigate.dimensions 256: a vector of ${shortened.embedding.length} numbers; ${shortCost}`,
  );
}
