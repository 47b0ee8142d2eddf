module.exports = {
  displayName: 'system',
  preset: '../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 300_000,
};
