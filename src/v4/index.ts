// unigate-ai-provider/v4: the provider of spec V4, for ai@7. ESM, Node >= 22, like @ai-sdk/provider 4.
export { createUnigate, unigate } from './unigate-provider-v4';
export type { UnigateProvider } from './unigate-provider-v4';
export type { UnigateProviderSettings } from '../settings/unigate-provider-settings';
export type { UnigateVideoModelV4 } from './unigate-models-v4';
export * from '../public-api';
