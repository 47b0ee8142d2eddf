#!/usr/bin/env node
// The production build of the services: every source file of the service apps and of the
// libraries they use, compiled to CommonJS with swc (decorator metadata for Nest, the same
// settings the tests run with), and each @chronicle/* path alias of tsconfig.base.json as a
// package under <out>/node_modules, so that `node <out>/apps/<service>/src/main.js` runs
// with nothing but production dependencies. Type checking is not done here: it is
// `npm run typecheck` (the Dockerfile runs both).
//   node scripts/build.cjs [outDir]     (default: dist)
const { transformFileSync } = require('@swc/core');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const out = path.resolve(ROOT, process.argv[2] ?? 'dist');

/**
 * Every app with an entry point — the services, and the CLI, so that an operator can run it
 * where the services run (`chronicle tables`, `chronicle lift …` in the image) — and the
 * libraries besides test helpers.
 */
const TEST_ONLY_LIBS = new Set(['testing']);
const services = fs.readdirSync(path.join(ROOT, 'apps')).filter((app) => fs.existsSync(path.join(ROOT, 'apps', app, 'src/main.ts')));
const libs = fs.readdirSync(path.join(ROOT, 'libs')).filter((lib) => !TEST_ONLY_LIBS.has(lib));

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: false,
};

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

fs.rmSync(out, { recursive: true, force: true });
const files = [...services.map((s) => `apps/${s}/src`), ...libs.map((l) => `libs/${l}/src`)].flatMap((dir) => sources(path.join(ROOT, dir)));
for (const file of files) {
  const target = path.join(out, path.relative(ROOT, file)).replace(/\.ts$/, '.js');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const { code } = transformFileSync(file, { ...swc, filename: file });
  fs.writeFileSync(target, code);
  // JSON the source imports (game data) goes along, at the same relative place.
  for (const [, json] of code.matchAll(/require\("(\.{1,2}\/[^"]+\.json)"\)/g)) {
    const from = path.resolve(path.dirname(file), json);
    const to = path.resolve(path.dirname(target), json);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
}
const { paths } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8')).compilerOptions;
for (const [alias, [target]] of Object.entries(paths)) {
  const lib = target.match(/^\.\/libs\/([^/]+)\//)[1];
  if (!libs.includes(lib)) continue;
  const dir = path.join(out, 'node_modules', alias);
  const compiled = path.join(out, target.replace(/\.ts$/, '.js'));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.js'), `module.exports = require(${JSON.stringify(path.relative(dir, compiled))});\n`);
}
// A service with a page (apps/web) gets it bundled ahead of time beside its compiled code, where
// the service serves it from: the image has neither the page's sources nor esbuild's dev-time use.
const pages = services.filter((s) => fs.existsSync(path.join(ROOT, 'apps', s, 'page/main.ts')));
Promise.all(pages.map((s) => require(path.join(out, 'apps', s, 'src/http/page.js')).writePage(path.join(ROOT, 'apps', s, 'page'), path.join(out, 'apps', s, 'page'))))
  .then(() => console.log(`built ${files.length} files of ${services.join(', ')} and ${libs.join(', ')} into ${path.relative(ROOT, out) || '.'}${pages.length ? `, and the pages of ${pages.join(', ')}` : ''}`))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
