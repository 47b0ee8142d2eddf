#!/usr/bin/env node
// Runs a TypeScript entry point of the workspace without a build step: @swc-node/register
// compiles on the fly (with decorator metadata for Nest) and resolves the @chronicle/*
// path aliases of tsconfig.base.json.
const path = require('node:path');
process.env.SWC_NODE_PROJECT ??= path.join(__dirname, '..', 'tsconfig.base.json');
process.env.SWC_NODE_IGNORE_DYNAMIC ??= 'true';
require('@swc-node/register');
const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.cjs <file.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(entry), ...rest];
require(path.resolve(entry));
