#!/usr/bin/env node
// Totals the results of a CI run (.ci/run) and prints them, ending with exactly one line `N passed, N failed`.
//
// Usage: node scripts/ci-summary.mjs [RESULTS_DIR]   (default .ci-results)
//
// RESULTS_DIR/steps.tsv has one line per step, in order: `name<TAB>kind<TAB>exit code<TAB>dir`, where kind is
// `check` (lint, typecheck: no tests, only an exit code) or `tests` (a test runner that wrote its JSON report,
// Vitest's or Playwright's, into `dir`). Counting:
//   - a test report adds its passed and failed tests (Playwright's flaky tests count as passed);
//   - a tests step whose runner wrote no report, or exited non-zero with no failed test in its report
//     (a crash, an unhandled error, a web server that never came up), counts as 1 failed;
//   - a failed check counts as 1 failed; a passing check adds nothing.
// Exits 1 when anything failed, else 0.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci-results';
const stepsFile = path.join(dir, 'steps.tsv');

/** Counts of one report, or undefined when the file is not a report we know. */
const readReport = (file) => {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof report?.numTotalTests === 'number') {
    // Vitest (Jest-compatible JSON). A file that failed to load has no failed test, only a failed status.
    const brokenFiles = (report.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    return {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  if (report?.stats && typeof report.stats.expected === 'number') {
    // Playwright. Errors outside tests (config, global setup, web server) fail the run without a failed test.
    const s = report.stats;
    return {
      passed: (s.expected ?? 0) + (s.flaky ?? 0),
      failed: (s.unexpected ?? 0) + (report.errors?.length ? 1 : 0),
      skipped: s.skipped ?? 0,
    };
  }
  return undefined;
};

const rows = [];
let passed = 0;
let failed = 0;

if (!existsSync(stepsFile)) {
  rows.push(`no ${stepsFile}: nothing ran`);
  failed += 1;
} else {
  const lines = readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean);
  for (const line of lines) {
    const [name, kind, rcText, stepDir] = line.split('\t');
    const rc = Number(rcText);
    if (kind === 'check') {
      if (rc !== 0) failed += 1;
      rows.push(`${name.padEnd(30)} ${rc === 0 ? 'ok' : `FAILED (exit ${rc})`}`);
      continue;
    }
    const reports =
      stepDir && existsSync(stepDir)
        ? readdirSync(stepDir)
            .filter((f) => f.endsWith('.json'))
            .map((f) => readReport(path.join(stepDir, f)))
            .filter(Boolean)
        : [];
    if (reports.length === 0) {
      failed += 1;
      rows.push(`${name.padEnd(30)} FAILED: no test report (exit ${rc}), counted as 1 failed`);
      continue;
    }
    const total = reports.reduce(
      (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
      { passed: 0, failed: 0, skipped: 0 },
    );
    let note = '';
    if (rc !== 0 && total.failed === 0) {
      total.failed = 1;
      note = ` (runner exited ${rc} with no failed test: counted as 1 failed)`;
    } else if (total.passed + total.failed === 0) {
      total.failed = 1;
      note = ' (ran no test: counted as 1 failed)';
    }
    passed += total.passed;
    failed += total.failed;
    rows.push(
      `${name.padEnd(30)} ${total.passed} ok / ${total.failed} not ok / ${total.skipped} skipped, exit ${rc}${note}`,
    );
  }
}

process.stdout.write(`\n=== CI summary (${dir}) ===\n${rows.map((r) => `  ${r}`).join('\n')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
