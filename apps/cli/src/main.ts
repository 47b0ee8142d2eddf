// The main job and the operator's CLI. `npm start` runs the whole system on the embedded
// default and shows the sample world living in it; `npm run chronicle -- <command>` talks to
// a running system, or works offline on a log file.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { runDiceDemo } from './dice-demo';
import { replayFile, verifyFile } from './commands/offline';
import { startSystem, type System } from './system/system';
import { CliError, Output } from './terminal/output';
import { summarize } from './world/display';
import { runDemo } from './world/demo';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

const out = new Output();
const say = (line: string) => out.line(line);
const program = new Command('chronicle')
  .description('Chronicle: event-sourced turn engine. Without a command: start the whole system and run the sample world.')
  .showHelpAfterError(false)
  .exitOverride()
  .configureOutput({ outputError: () => undefined });

program
  .command('start', { isDefault: true })
  .description('start the whole system (embedded PostgreSQL and NATS unless DATABASE_URL / NATS_URL are set; data in .chronicle/) and show the sample world living in it; Ctrl-C stops and verifies')
  .option('--months <n>', 'game months to run, then verify and print a RESULT line (default: until Ctrl-C)', positiveInt)
  .option('--month-ms <ms>', 'wall-clock milliseconds per game month', positiveInt, 3_000)
  .option('--turnterm <minutes>', 'length of a turn on the game clock, for a new world', positiveInt, 60)
  .option('--own-nats', 'start a nats-server of its own even when one answers on 127.0.0.1:4222')
  .addHelpText('after', '\nExamples:\n  npm start\n  npm start -- --months 3\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/chronicle NATS_URL=127.0.0.1:4222 npm start')
  .action(async (options: { months?: number; monthMs: number; turnterm: number; ownNats?: boolean }) => {
    const stop = new AbortController();
    let system: System | undefined;
    let presses = 0;
    const onInterrupt = () => {
      presses += 1;
      if (presses === 1) {
        out.line('Ctrl-C: stopping: draining the current month, then verifying the log and stopping the services (Ctrl-C again quits at once)');
        stop.abort();
        return;
      }
      out.clearStatus();
      out.line('second Ctrl-C: quitting now without verifying; every process the run started is killed');
      system?.kill();
      process.exit(130);
    };
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onInterrupt);
    // A reader that went away (`| head`): stop as after Ctrl-C, with nothing more to say.
    out.onClosed(() => stop.abort());

    out.line(`Chronicle: starting the whole system${options.months ? ` for ${options.months} game months` : ''}`);
    system = await startSystem({ ownNats: options.ownNats ?? false }, say);
    try {
      if (stop.signal.aborted) return;
      const result = await runDemo(system, { ...options, signal: stop.signal }, out);
      await system.stop(say);
      system = undefined;
      out.line('stopped: the services and every server this run started are down');
      if (options.months !== undefined) out.line(`RESULT demo months=${result.months} moves=${result.moves} tables=${result.tables}`);
    } finally {
      await system?.stop(say);
    }
  });

program
  .command('dice')
  .description('play one dice-race table in this process with a committed seed, then verify the finished log')
  .option('--players <n>', 'seats at the table (2 to 6)', positiveInt, 4)
  .option('--finish <n>', 'distance to race', positiveInt, 30)
  .addHelpText('after', '\nExample:\n  npm run chronicle -- dice --players 3')
  .action(async (options: { players: number; finish: number }) => {
    const log = await runDiceDemo(options, say);
    out.line(`RESULT dice moves=${log.revision} tables=1`);
  });

program
  .command('verify')
  .description('offline: check a finished log against the commitment published when its table opened, replaying every move')
  .argument('<log.json>', 'a finished log (as `chronicle log` writes it, or GameLog.toArray())')
  .requiredOption('--commitment <hex>', 'the SHA-256 commitment to the seed, 64 hex digits')
  .addHelpText('after', '\nExample:\n  npm run chronicle -- verify world.json --commitment 3f1a…')
  .action((file: string, options: { commitment: string }) => verifyFile(file, options.commitment, out));

program
  .command('replay')
  .description('offline: replay a log file and show the state it reaches')
  .argument('<log.json>', 'a log file')
  .addHelpText('after', '\nExample:\n  npm run chronicle -- replay world.json')
  .action((file: string) => replayFile(file, out, summarize));

async function main(argv: string[]): Promise<void> {
  const known = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  const first = argv[2];
  if (first !== undefined && !first.startsWith('-') && !known.includes(first) && first !== 'help') {
    throw new CliError(`unknown command "${first}"; the commands are ${known.join(', ')} (chronicle --help)`);
  }
  await program.parseAsync(argv);
}

main(process.argv).then(
  () => process.exit(0),
  (error: unknown) => {
    out.clearStatus();
    if (error instanceof CommanderError) {
      if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version') process.exit(0);
      console.error(`chronicle: ${error.message.replace(/^error: /, '')} (chronicle --help)`);
      process.exit(2);
    }
    console.error(`chronicle: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof CliError ? error.exitCode : 1);
  },
);
