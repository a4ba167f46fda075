// Writes a lane's checks as the vitest JSON report scripts/count-tests.mjs sums, one suite per
// `suite` name, and prints one line per check.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** `checks`: `[{ suite, title, ok, reason? }]`. Resolves with the number of failed checks. */
export async function writeLaneReport(file, checks, startTime) {
  for (const check of checks) console.log(`${check.suite} ${check.title}: ${check.ok ? 'ok' : `FAIL ${check.reason}`}`);
  const suites = [...new Set(checks.map(check => check.suite))];
  const testResults = suites.map(suite => {
    const own = checks.filter(check => check.suite === suite);
    return {
      name: suite,
      status: own.every(check => check.ok) ? 'passed' : 'failed',
      message: '',
      assertionResults: own.map(check => ({
        ancestorTitles: [suite],
        title: check.title,
        fullName: `${suite} ${check.title}`,
        status: check.ok ? 'passed' : 'failed',
        failureMessages: check.ok ? [] : [check.reason],
      })),
    };
  });
  const failed = checks.filter(check => !check.ok).length;
  const report = {
    numTotalTests: checks.length,
    numPassedTests: checks.length - failed,
    numFailedTests: failed,
    startTime,
    success: failed === 0,
    testResults,
  };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return failed;
}
