import type { EmulatorModel, EmulatorRoute } from '../emulator-context';
import { jsonResponse } from '../emulator-responses';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

/** Reads a positive integer query parameter; a string names the problem. */
function readInteger(params: URLSearchParams, name: string, fallback: number, max: number): number | string {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || value < 1 || value > max) {
    return `Invalid ${name}: expected an integer from 1${max === Infinity ? '' : ` to ${max}`}, got '${raw}'`;
  }
  return value;
}

function catalogEntry(model: EmulatorModel): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    id: model.id,
    provider: model.provider,
    type: model.type,
    inputPrice: model.inputPrice,
    outputPrice: model.outputPrice,
    isNew: model.isNew,
  };
  if (model.contextWindow !== undefined) entry.contextWindow = model.contextWindow;
  return entry;
}

/**
 * `GET {site_url}/api/public/models`: the public catalog, no key needed. Query: `limit` (1-100,
 * default 50), `page` (from 1), `provider` (case-insensitive name), `search` (in id or provider name).
 * `providers` counts the models matching `search` per provider, whatever `provider` says, so a UI's
 * provider tabs stay put while one is selected. Bad query values give HTTP 200 `{success:false, error}`.
 */
export const catalogRoute: EmulatorRoute = async (request, context) => {
  const params = new URL(request.url).searchParams;
  const limit = readInteger(params, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  const page = readInteger(params, 'page', 1, Infinity);
  if (typeof limit === 'string') return jsonResponse({ success: false, error: limit });
  if (typeof page === 'string') return jsonResponse({ success: false, error: page });

  const search = (params.get('search') ?? '').trim().toLowerCase();
  const provider = (params.get('provider') ?? '').trim().toLowerCase();
  const searched = [...context.models.values()].filter(
    model => search === '' || model.id.toLowerCase().includes(search) || model.provider.toLowerCase().includes(search),
  );
  const providers = new Map<string, number>();
  for (const model of searched) providers.set(model.provider, (providers.get(model.provider) ?? 0) + 1);
  const matching = provider === '' ? searched : searched.filter(model => model.provider.toLowerCase() === provider);

  return jsonResponse({
    success: true,
    data: matching.slice((page - 1) * limit, page * limit).map(catalogEntry),
    pagination: { total: matching.length, page, limit },
    providers: [...providers].map(([name, count]) => ({ name, count })),
  });
};
