// `npm run bench -- <name> [args]`: runs bench/<name>.ts and prints its RESULT lines.
import { machine } from './machine';

interface Bench {
  main(args: string[]): Promise<void>;
}

const benches = ['engine', 'sammo', 'log', 'unification', 'security', 'trust', 'executor', 'system', 'web', 'gateway'];

async function run(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  if (!name || !benches.includes(name)) {
    console.error(`usage: npm run bench -- <${benches.join('|')}> [args]`);
    process.exit(2);
  }
  console.log(`# ${name} benchmark on ${machine()}`);
  // Loaded by name so that one benchmark's dependencies never load for another.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bench = require(`./${name}`) as Bench;
  await bench.main(args);
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
