import { z } from 'zod/v4';
import { lazy } from '../checks/values';

/** The body of `POST {alt_base_url}/images/generations`, with the spec's field names. */
export interface ImageRequestBody {
  model: string;
  prompt: string;
  n?: number;
  size?: string;
  response_format: 'url' | 'b64_json';
  user?: string;
}

/** One image of the answer: `url` or `b64_json` by `response_format`, `revised_prompt` when revised. */
export interface ImageDatum {
  url?: string | null;
  b64_json?: string | null;
  revised_prompt?: string | null;
}

/** The Image result (docs/endpoints.md#images); extra fields are ignored, optional ones may be missing or null. */
export const imageResponseSchema = lazy(() =>
  z.object({
    created: z.number().nullish(),
    data: z.array(
      z.object({
        url: z.string().nullish(),
        b64_json: z.string().nullish(),
        revised_prompt: z.string().nullish(),
      }),
    ),
  }),
);
