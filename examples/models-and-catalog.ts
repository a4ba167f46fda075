import type { UnigateProvider } from '../src/index';

/** Lists the models the key can use, then browses the public catalog. */
export async function modelsAndCatalog(gw: UnigateProvider): Promise<void> {
  const models = await gw.listModels();
  console.log(`\n# Models: ${models.length} available to this key`);
  for (const model of models.slice(0, 5)) console.log(`  ${model.id} (${model.ownedBy})`);

  const first = await gw.catalog.page();
  console.log(`\n# Catalog: ${first.total} models on ${first.pages} pages of ${first.limit}`);
  console.log(`  provider tabs: ${first.providers.map(p => `${p.name} (${p.count})`).join(', ')}`);

  const tab = first.providers[0]?.name;
  if (tab) {
    let count = 0;
    for await (const _ of gw.catalog.entries({ provider: tab })) count++;
    console.log(`  every ${tab} model, walked page by page: ${count}`);
  }

  const search = await gw.catalog.page({ search: 'embedding' });
  console.log(`  search "embedding": ${search.total} match(es)`);
  for (const entry of search.entries.slice(0, 3)) {
    const price = entry.inputPrice === 0 ? 'free' : `${entry.inputPrice} per 1M input tokens`;
    console.log(`    ${entry.id} [${entry.type}] ${price}${entry.isNew ? ' (new)' : ''}`);
  }
}
