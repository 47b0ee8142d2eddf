// The main job. `npm start` runs the sample world; `npm start -- dice` plays one table of
// the dice-race example game and verifies its log against the commitment.
import { Command, InvalidArgumentError } from 'commander';
import { runDiceDemo } from './dice-demo';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

const out = (line: string) => console.log(line);
const program = new Command('chronicle').description('Chronicle: event-sourced turn engine');

program
  .command('dice', { isDefault: true })
  .description('play one dice-race table with a committed seed, then verify the finished log')
  .option('--players <n>', 'seats at the table (2 to 6)', positiveInt, 4)
  .option('--finish <n>', 'distance to race', positiveInt, 30)
  .action(async (options: { players: number; finish: number }) => {
    const log = await runDiceDemo(options, out);
    console.log(`RESULT dice moves=${log.revision} tables=1`);
  });

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof Error ? `chronicle: ${error.message}` : error);
  process.exit(1);
});
