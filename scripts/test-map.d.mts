export const DECLARED: Record<string, string[]>;
export interface TestMapRow {
  source: string;
  tests: string[];
  how: 'same name' | 'imports it' | 'declared' | 'none';
}
export function testMap(root: string, declared?: Record<string, string[]>): TestMapRow[];
export function renderMap(rows: TestMapRow[]): string;
export function mapProblems(root: string, declared?: Record<string, string[]>): string[];
