import type { EmulatorRoute } from '../emulator-context';
import { jsonResponse } from '../emulator-responses';

/** `GET {base_url}/models`: every catalog model as `{id, object:'model', created, owned_by}`. */
export const modelsRoute: EmulatorRoute = async (_request, context) =>
  jsonResponse({
    object: 'list',
    data: [...context.models.values()].map(model => ({
      id: model.id,
      object: 'model',
      created: model.created,
      owned_by: model.provider.toLowerCase(),
    })),
  });
