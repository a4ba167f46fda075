import { z } from 'zod/v4';
import { lazy } from '../checks/values';

/** The body of `POST {base_url}/embeddings` (docs/endpoints.md#embeddings). */
export interface EmbeddingRequestBody {
  model: string;
  input: string[];
  encoding_format: 'base64' | 'float';
  dimensions?: number;
  user?: string;
}

/**
 * The embedding list. `embedding` is only checked to be a string or an array here: zod over every
 * number of a float body (3 million for 2048 x 1536) costs more than the request, and it would copy the
 * arrays. The vector reader checks each element itself, naming the one that is wrong.
 */
export const embeddingListSchema = lazy(() =>
  z.object({
    object: z.string().nullish(),
    data: z.array(
      z.object({
        index: z.number().int(),
        embedding: z.union([
          z.string(),
          z.custom<unknown[]>(Array.isArray, 'Expected a base64 string or an array of numbers'),
        ]),
      }),
    ),
    model: z.string().nullish(),
    usage: z.object({ prompt_tokens: z.number(), total_tokens: z.number().nullish() }).nullish(),
  }),
);

export type EmbeddingList = z.output<ReturnType<typeof embeddingListSchema>>;
