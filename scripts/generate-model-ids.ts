// `npm run generate:model-ids`: writes src/settings/unigate-model-ids.ts and the generated block of
// src/settings/model-kind.ts from the catalog. Reads the emulator by default, the real gateway when
// UNIGATE_API_KEY is set (with UNIGATE_SITE_URL, as createUnigate() needs).
// The output is deterministic: rerunning it on an unchanged catalog leaves the files as they are.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadCatalog } from './load-catalog-entries';
import {
  groupModelIds,
  MODEL_IDS_PATH,
  MODEL_KIND_PATH,
  renderModelIds,
  renderNonChatIds,
  replaceNonChatIds,
} from './render-model-ids';

const { entries, source } = await loadCatalog();
writeFileSync(new URL(`../${MODEL_IDS_PATH}`, import.meta.url), renderModelIds(entries, { source }));
const modelKind = new URL(`../${MODEL_KIND_PATH}`, import.meta.url);
writeFileSync(modelKind, replaceNonChatIds(readFileSync(modelKind, 'utf8'), renderNonChatIds(entries)));
const ids = groupModelIds(entries);
const counts = Object.entries(ids)
  .map(([kind, list]) => `${kind} ${list.length}`)
  .join(', ');
console.log(
  `${MODEL_IDS_PATH} and ${MODEL_KIND_PATH}: ${entries.length} catalog entries from ${source}; ids: ${counts}`,
);
