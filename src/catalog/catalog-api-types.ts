import { z } from 'zod/v4';
import { lazy } from '../checks/values';

// Wire shapes of GET {base_url}/models and GET {site_url}/api/public/models (docs/video-and-catalog.md#model-list,
// docs/video-and-catalog.md#catalog-envelope).
// Tolerant: extra fields pass, optional ones may be absent, numbers may come as numeric strings.

const NUMERIC_STRING = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

const numeric = lazy(() =>
  z.unknown().transform((value, context): number => {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && NUMERIC_STRING.test(value)) return Number(value);
    context.addIssue({
      code: 'custom',
      message: `expected a number or a numeric string, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }),
);

export const modelListSchema = lazy(() =>
  z.object({
    data: z.array(
      z.object({
        id: z.string(),
        object: z.string().optional(),
        created: numeric().optional(),
        owned_by: z.string().optional(),
      }),
    ),
  }),
);

export const catalogResponseSchema = lazy(() =>
  z
    .object({
      /** `false` means failure; then `error` carries the reason. */
      success: z.boolean().optional(),
      error: z.string().nullish(),
      data: z
        .array(
          z.object({
            id: z.string(),
            provider: z.string(),
            type: z.string(),
            contextWindow: numeric().nullish(),
            inputPrice: numeric().nullish(),
            outputPrice: numeric().nullish(),
            isNew: z.boolean().nullish(),
          }),
        )
        .optional(),
      pagination: z.object({ total: numeric() }).optional(),
      providers: z.array(z.object({ name: z.string(), count: numeric() })).optional(),
    })
    .superRefine((value, context) => {
      if (value.success !== false && value.data === undefined) {
        context.addIssue({ code: 'custom', path: ['data'], message: 'expected an array of catalog entries' });
      }
    }),
);
