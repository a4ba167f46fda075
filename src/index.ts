export { createUnigate, unigate } from './provider/unigate-provider';
export type { UnigateProvider, UnigateProviderSettings } from './provider/unigate-provider';
export * from './public-api';
