/** package.json's `repository` field. */
export interface Repository {
  type: 'git';
  url: string;
}
export const BACKUP: string;
export function repositoryOf(remote: string | undefined): Repository | undefined;
export function packedManifest<T extends { scripts?: Record<string, string>; repository?: unknown }>(
  manifest: T,
  remote: string | undefined,
): Omit<T, 'allowScripts'> & { repository?: unknown };
export function restore(): Promise<string>;
export function strip(): Promise<string>;
