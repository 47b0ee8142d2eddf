// The NATS accounts of deploy/nats/chronicle.conf for a deployment whose CHRONICLE_PREFIX is
// not `chronicle`: every subject (`<prefix>.…`), stream and consumer (`<prefix>_…`) and
// bucket (`KV_<prefix>_…`) the file names is renamed; users, passwords and the account stay.
// Run by render-accounts.ts.

/** What a prefix may be (as `Subjects` in libs/contracts takes it). */
const PREFIX = /^[A-Za-z0-9_-]{1,32}$/;

/** `chronicle` where it starts a subject, a stream, a consumer or a bucket name; never the file's own name in a comment. */
const NAMED = /(^|[^A-Za-z0-9_-]|KV_)chronicle(?=[._])(?!\.conf)/g;

export class PrefixRefused extends Error {}

export function renderAccounts(conf: string, prefix: string): string {
  if (!PREFIX.test(prefix)) {
    throw new PrefixRefused(`prefix ${JSON.stringify(prefix)} must be 1 to 32 letters, digits, "_" or "-" (the CHRONICLE_PREFIX the services run with)`);
  }
  return conf.replace(NAMED, (_match, before: string) => `${before}${prefix}`);
}
