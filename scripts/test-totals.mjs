// Sums vitest JSON reports into the one plain line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}: the run did not finish`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load counts as a failure even though no test inside it ran.
  failed += report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
