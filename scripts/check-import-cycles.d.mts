/** One layer of docs/architecture.md's table and the folders of src/ in it. */
export interface Layer {
  layer: string;
  folders: string[];
}
/** An import against the layer table (no `target`: the file's folder is in no layer). */
export interface LayerViolation {
  file: string;
  target?: string;
  why: string;
}
export const LAYERS: Layer[];
export const TOP_LEVEL_FILES: Record<string, string>;
export const APART: string;
export function folderOf(file: string, root: string): string | undefined;
export function layerIndex(folder: string | undefined): number;
export function layerViolations(graph: Map<string, string[]>, root: string): LayerViolation[];
export function cyclesOf(graph: Map<string, string[]>): string[][];
/** The file a relative specifier names (`./x` is `x.ts` or `x/index.ts`); undefined for a package. */
export function resolveSpecifier(from: string, specifier: string): string | undefined;
