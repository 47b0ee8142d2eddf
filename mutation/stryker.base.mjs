/** What every mutation run shares: jest, per-test coverage, reports under reports/mutation/. */
export function base(name) {
  return {
    packageManager: 'npm',
    testRunner: 'jest',
    coverageAnalysis: 'perTest',
    concurrency: 2,
    timeoutMS: 20000,
    reporters: ['clear-text', 'progress', 'json', 'html'],
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    // The sandbox needs the libraries and the shared config, not the apps.
    ignorePatterns: ['apps', 'deploy', 'bench', 'tools', 'reports', '.chronicle', 'docs', 'mutation/*.md'],
  };
}
