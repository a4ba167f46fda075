export { createUnigate, unigate } from './unigate-provider';
export type { UnigateProvider, UnigateProviderSettings } from './unigate-provider';
export * from './public-api';
