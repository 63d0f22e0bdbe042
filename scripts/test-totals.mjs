// Sums vitest JSON reports into the one plain line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

/**
 * The report as vitest wrote it. Seen once: a report file that held a complete report followed by
 * the tail of a second, longer write of the same report (two writers racing on one path). The first
 * complete JSON value is the whole report; anything that is not one counts as a failed run.
 */
function firstJsonValue(text) {
  for (let end = text.lastIndexOf('}'); end > 0; end = text.lastIndexOf('}', end - 1)) {
    try {
      return JSON.parse(text.slice(0, end + 1));
    } catch {
      // not a complete value yet: try the previous closing brace
    }
  }
  return null;
}

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}: the run did not finish`);
    failed += 1;
    continue;
  }
  const report = firstJsonValue(readFileSync(file, 'utf8'));
  if (!report) {
    console.error(`unreadable test report ${file}`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load counts as a failure even though no test inside it ran.
  failed += report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
}
// The runs' own exit codes (RUN_EXIT_CODES="0 1", in the reports' order): vitest exits 1 for an
// error thrown outside any test (a timer firing after its file's environment was torn down), which
// no report counts. Such a run is one failure, so the line never says "0 failed" for a red run.
const exits = (process.env.RUN_EXIT_CODES ?? '').split(/\s+/).filter(Boolean).map(Number);
for (const [i, code] of exits.entries()) {
  if (code !== 0 && failed === 0) {
    console.error(
      `test run ${i + 1} exited ${code} with no failed test in its report: an error outside the tests`,
    );
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
