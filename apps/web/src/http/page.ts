import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The page's directory: in the sources `apps/web/page` (TypeScript, bundled at start); in the
 * compiled service (`scripts/build.cjs`) the same place relative to this file holds the bundle
 * built ahead of time (`index.html`, `main.js` and its chunks), since the image has neither the
 * page's sources nor esbuild's dev-time use.
 */
const PAGE_DIR = path.resolve(__dirname, '../../page');
const ENTRY = 'main';

/** The built page: its HTML and its scripts by file name (`main.js`, the verifier and shared chunks). */
export interface BuiltPage {
  html: string;
  scripts: Map<string, string>;
}

/** The page built ahead of time when `dir` holds it (the compiled service), otherwise bundled now from its sources. */
export async function buildPage(dir = PAGE_DIR): Promise<BuiltPage> {
  if (existsSync(path.join(dir, `${ENTRY}.js`))) {
    const scripts = readdirSync(dir).filter((file) => file.endsWith('.js'));
    return { html: readFileSync(path.join(dir, 'index.html'), 'utf8'), scripts: new Map(scripts.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')])) };
  }
  return bundlePage(dir);
}

/** Bundles the page from `sourceDir` and writes it into `outDir`, where the compiled service's `buildPage` finds it. */
export async function writePage(sourceDir: string, outDir: string): Promise<number> {
  const page = await bundlePage(sourceDir);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'index.html'), page.html);
  for (const [file, text] of page.scripts) writeFileSync(path.join(outDir, file), text);
  return page.scripts.size;
}

/**
 * Bundles the page (`page/main.ts`; its verifier imports the engine and the game as they
 * are) for the browser with esbuild, in memory. The pure libs reach for three Node modules:
 * `node:crypto` (synchronous SHA-256/512), `node:zlib` (a chapter's gzipped opening) and the
 * `Buffer` global; the page gets browser versions of exactly those (`page/shims`). esbuild is
 * loaded only here: the compiled service, serving the bundle built ahead, never needs it.
 */
async function bundlePage(dir: string): Promise<BuiltPage> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(dir, `${ENTRY}.ts`)],
    bundle: true,
    write: false,
    // Modules split at the dynamic import of the verifier: the live view loads without the engine.
    format: 'esm',
    splitting: true,
    outdir: dir,
    chunkNames: 'chunk-[hash]',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    tsconfig: path.join(dir, 'tsconfig.json'),
    alias: { 'node:crypto': path.join(dir, 'shims/crypto.ts'), 'node:zlib': path.join(dir, 'shims/zlib.ts') },
    inject: [path.join(dir, 'shims/buffer.ts')],
    logLevel: 'silent',
  });
  return {
    html: readFileSync(path.join(dir, 'index.html'), 'utf8'),
    scripts: new Map(result.outputFiles.map((file) => [path.basename(file.path), file.text])),
  };
}
