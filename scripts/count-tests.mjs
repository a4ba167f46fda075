// Sums vitest JSON reports into the one line CI reads: "N passed, M failed".
// A lane without a report (it crashed before writing one) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...lanes] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const lane of lanes) {
  const file = join(dir, `${lane}.json`);
  if (!existsSync(file)) {
    console.error(`lane ${lane}: no report`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const lanePassed = report.numPassedTests ?? 0;
  // A file that failed to load has no failed test of its own: count it once.
  const brokenFiles = (report.testResults ?? []).filter(
    file => file.status === 'failed' && !(file.assertionResults ?? []).some(test => test.status === 'failed'),
  ).length;
  const laneFailed = (report.numFailedTests ?? 0) + brokenFiles;
  console.error(`lane ${lane}: ${lanePassed} passed, ${laneFailed} failed`);
  passed += lanePassed;
  failed += laneFailed;
}
console.log(`${passed} passed, ${failed} failed`);
