import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PAGE_DIR = path.resolve(__dirname, '../../page');

/** The built page: its HTML and its scripts by file name (`main.js`, the verifier and shared chunks). */
export interface BuiltPage {
  html: string;
  scripts: Map<string, string>;
}

/**
 * Bundles the page (`apps/web/page/main.ts`; its verifier imports the engine and the game as
 * they are) for the browser with esbuild, in memory, at start. The pure libs reach for three Node
 * modules: `node:crypto` (synchronous SHA-256/512), `node:zlib` (a chapter's gzipped opening)
 * and the `Buffer` global; the page gets browser versions of exactly those (`page/shims`).
 */
export async function buildPage(): Promise<BuiltPage> {
  const result = await build({
    entryPoints: [path.join(PAGE_DIR, 'main.ts')],
    bundle: true,
    write: false,
    // Modules split at the dynamic import of the verifier: the live view loads without the engine.
    format: 'esm',
    splitting: true,
    outdir: PAGE_DIR,
    chunkNames: 'chunk-[hash]',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    tsconfig: path.join(PAGE_DIR, 'tsconfig.json'),
    alias: { 'node:crypto': path.join(PAGE_DIR, 'shims/crypto.ts'), 'node:zlib': path.join(PAGE_DIR, 'shims/zlib.ts') },
    inject: [path.join(PAGE_DIR, 'shims/buffer.ts')],
    logLevel: 'silent',
  });
  return {
    html: readFileSync(path.join(PAGE_DIR, 'index.html'), 'utf8'),
    scripts: new Map(result.outputFiles.map((file) => [path.basename(file.path), file.text])),
  };
}
