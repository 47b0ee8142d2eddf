module.exports = {
  displayName: 'cli',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // The main-job specs start the whole system: one file at a time.
  maxWorkers: 1,
};
