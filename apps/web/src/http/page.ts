import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PAGE_DIR = path.resolve(__dirname, '../../page');

/** The built page: its HTML and one script bundle. */
export interface BuiltPage {
  html: string;
  script: string;
}

/**
 * Bundles the page (`apps/web/page/main.ts`, which imports the engine and the game as they
 * are) for the browser with esbuild, in memory, at start. The pure libs reach for three Node
 * modules: `node:crypto` (synchronous SHA-256/512), `node:zlib` (a chapter's gzipped opening)
 * and the `Buffer` global; the page gets browser versions of exactly those (`page/shims`).
 */
export async function buildPage(): Promise<BuiltPage> {
  const result = await build({
    entryPoints: [path.join(PAGE_DIR, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    tsconfig: path.join(PAGE_DIR, 'tsconfig.json'),
    alias: { 'node:crypto': path.join(PAGE_DIR, 'shims/crypto.ts'), 'node:zlib': path.join(PAGE_DIR, 'shims/zlib.ts') },
    inject: [path.join(PAGE_DIR, 'shims/buffer.ts')],
    logLevel: 'silent',
  });
  return { html: readFileSync(path.join(PAGE_DIR, 'index.html'), 'utf8'), script: result.outputFiles[0]!.text };
}
