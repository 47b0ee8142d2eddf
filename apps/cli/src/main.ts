// The main job. `npm start` runs the sample world of the strategy game (until Ctrl-C, or
// `-- --months N`); `npm start -- dice` plays one table of the dice-race example.
import { Command, InvalidArgumentError } from 'commander';
import { runDiceDemo } from './dice-demo';
import { runSammoDemo } from './sammo-demo';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

const out = (line: string) => console.log(line);
const program = new Command('chronicle').description('Chronicle: event-sourced turn engine');

program
  .command('world', { isDefault: true })
  .description('run the sample Three-Kingdoms world month by month, then verify its log against the commitment')
  .option('--months <n>', 'game months to run (default: until Ctrl-C)', positiveInt)
  .option('--turnterm <minutes>', 'length of a turn on the game clock', positiveInt, 60)
  .action(async (options: { months?: number; turnterm: number }) => {
    const stop = new AbortController();
    process.once('SIGINT', () => {
      out('stopping after this month…');
      stop.abort();
    });
    const result = await runSammoDemo({ ...options, signal: stop.signal }, out);
    if (options.months !== undefined) out(`RESULT demo months=${result.months} moves=${result.moves} tables=${result.tables}`);
  });

program
  .command('dice')
  .description('play one dice-race table with a committed seed, then verify the finished log')
  .option('--players <n>', 'seats at the table (2 to 6)', positiveInt, 4)
  .option('--finish <n>', 'distance to race', positiveInt, 30)
  .action(async (options: { players: number; finish: number }) => {
    const log = await runDiceDemo(options, out);
    out(`RESULT dice moves=${log.revision} tables=1`);
  });

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof Error ? `chronicle: ${error.message}` : error);
  process.exit(1);
});
