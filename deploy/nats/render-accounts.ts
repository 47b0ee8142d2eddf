// Writes deploy/nats/chronicle.conf's accounts for another CHRONICLE_PREFIX (accounts.ts):
//   node scripts/run-ts.cjs deploy/nats/render-accounts.ts <prefix> > <prefix>.conf
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrefixRefused, renderAccounts } from './accounts';

const prefix = process.argv[2];
if (!prefix) {
  console.error('usage: node scripts/run-ts.cjs deploy/nats/render-accounts.ts <prefix> > <prefix>.conf');
  process.exit(2);
}
try {
  process.stdout.write(renderAccounts(readFileSync(path.join(__dirname, 'chronicle.conf'), 'utf8'), prefix));
} catch (error) {
  if (!(error instanceof PrefixRefused)) throw error;
  console.error(error.message);
  process.exit(2);
}
