module.exports = {
  displayName: 'log-service',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // The integration specs spawn services and share the 2 cores: one file at a time.
  maxWorkers: 1,
};
