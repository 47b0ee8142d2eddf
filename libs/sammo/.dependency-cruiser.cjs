// No import cycles inside libs/sammo (type-only imports count: a reader follows them too).
// The order of its folders is the lint's (eslint.config.mjs); this catches the loops inside a folder.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'libs/sammo imports only downwards: a cycle means two modules share a part that belongs below both',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'libs/sammo/tsconfig.json' },
    exclude: { path: ['\\.spec\\.ts$', 'node_modules'] },
    doNotFollow: { path: ['node_modules', '^libs/(?!sammo/)'] },
  },
};
