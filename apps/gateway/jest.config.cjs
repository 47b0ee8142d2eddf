module.exports = {
  displayName: 'gateway',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // The integration specs use PostgreSQL and NATS and share the 2 cores: one file at a time.
  maxWorkers: 1,
};
