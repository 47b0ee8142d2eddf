// The main job and the operator's CLI. `npm start` runs the whole system on the embedded
// default and shows the sample world living in it; `npm run chronicle -- <command>` talks to
// a running system, or works offline on a log file.
import { existsSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { runDiceDemo } from './dice-demo';
import type { Json } from '@chronicle/engine';
import { connectRemote, type ConnectionOptions, type Remote } from './commands/connection';
import {
  generalsNamed, liftQuarantine, listDeadLetters, listPlayers, operatorMove, operatorName, postNotice, requireReason, retryDeadLetter, showAudit, worldAction,
} from './commands/admin';
import { contribute } from './commands/contribute';
import { checkOwnMoves } from './commands/own-moves';
import { restoreReport, saveBusState } from './commands/restore-report';
import { replayFile, verifyFile } from './commands/offline';
import { verifyWorld, verifyWorldFiles } from './commands/verify-world';
import { BUILT_IN_WORLDS, openWorld, worldChapters, type BuiltInWorld } from './commands/worlds';
import { witnessTable } from './commands/witness';
import { fetchLog, intentOutcome, listTables, openTable, resolveTable, scenarioOptions, showEntity, submitIntent, watchTable } from './commands/remote';
import { startSystem, type System } from './system/system';
import { CliError, Output } from './terminal/output';
import { summarize } from './world/display';
import { runDemo, type DemoResult } from './world/demo';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

/** An ISO 8601 time, as epoch ms. */
function wallTime(value: string): number {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) throw new InvalidArgumentError('expected an ISO 8601 time such as 2026-12-24T12:00:00Z');
  return ms;
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return n;
}

const out = new Output();
const EXAMPLES = new Map<string, string>([
  ['start', 'npm start -- --months 3'],
  ['dice', 'npm run chronicle -- dice --players 3'],
  ['verify', 'npm run chronicle -- verify race.log.json --commitment <64 hex digits> --log-key <64 hex digits>'],
  ['replay', 'npm run chronicle -- replay race.log.json'],
]);
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
  .option('--chapter-years <n>', 'game years per chapter (table) of a new world; 0 keeps the whole world in one table', nonNegativeInt, 1)
  .option('--own-nats', 'start a nats-server of its own even when one answers on 127.0.0.1:4222')
  .option('--web-port <port>', 'port of the web page of the worlds (0: a free one, printed)', nonNegativeInt, 0)
  .option('--gateway-port <port>', 'port of the players\' API, the gateway (0: a free one, printed)', nonNegativeInt, 0)
  .action(async (options: { months?: number; monthMs: number; turnterm: number; chapterYears: number; ownNats?: boolean; webPort: number; gatewayPort: number }) => {
    const stop = new AbortController();
    let system: System | undefined;
    let kill = () => undefined as void;
    let presses = 0;
    const onInterrupt = () => {
      presses += 1;
      if (presses === 1) {
        out.line(system
          ? 'Ctrl-C: stopping: draining the current month, then verifying the log and stopping the services (Ctrl-C again quits at once)'
          : 'Ctrl-C: stopping once the system has started, which it is doing now; the world has not begun, so there is nothing to verify (Ctrl-C again quits at once)');
        stop.abort();
        return;
      }
      out.clearStatus();
      out.line('second Ctrl-C: quitting now without verifying; every process the run started is killed');
      kill();
      process.exit(130);
    };
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onInterrupt);
    // A reader that went away (`| head`): stop as after Ctrl-C, with nothing more to say.
    out.onClosed(() => stop.abort());

    out.line(`Chronicle: starting the whole system${options.months ? ` for ${options.months} game months` : ''}`);
    system = await startSystem({ ownNats: options.ownNats ?? false, webPort: options.webPort, gatewayPort: options.gatewayPort, onKill: (k) => (kill = k) }, say);
    try {
      let result: DemoResult | undefined;
      // Stopped while it started (Ctrl-C, or a reader gone): no world to run or verify.
      if (!stop.signal.aborted) {
        if (system.pageUrl) out.line(`the worlds on a web page: ${system.pageUrl}`);
        out.line(`the players' API (sign up, join a world, play): ${system.gatewayUrl}/api/v1`);
        result = await runDemo(system, { ...options, signal: stop.signal }, out, () => system!.drain());
      }
      await system.stop(say);
      system = undefined;
      out.line('stopped: the services and every server this run started are down');
      if (result && options.months !== undefined) out.line(`RESULT demo months=${result.months} moves=${result.moves} tables=${result.tables}`);
    } finally {
      await system?.stop(say);
    }
  });

program
  .command('dice')
  .description('play one dice-race table in this process with a committed seed, then verify the finished log')
  .option('--players <n>', 'seats at the table (2 to 6)', positiveInt, 4)
  .option('--finish <n>', 'distance to race', positiveInt, 30)
  .action(async (options: { players: number; finish: number }) => {
    const log = await runDiceDemo(options, say);
    out.line(`RESULT dice moves=${log.revision} tables=1`);
  });

program
  .command('verify')
  .description('offline: check a finished log against the commitment published when its table opened, replaying every move')
  .argument('<log.json>', 'a finished log (as `chronicle log` writes it, or GameLog.toArray())')
  .requiredOption('--commitment <hex>', 'the SHA-256 commitment to the seed, 64 hex digits')
  .option('--log-key <hex>', 'the log service\'s Ed25519 public key, 64 hex digits, that signed the table\'s checkpoint (default: CHRONICLE_LOG_PUBLIC_KEY)')
  .option('--checkpoints <file>', 'checkpoints kept while the table was in play (`chronicle witness --keep`): each must be a prefix of the finished log')
  .action((file: string, options: { commitment: string; logKey?: string; checkpoints?: string }) =>
    verifyFile(file, options.commitment, out, options.logKey ?? (process.env.CHRONICLE_LOG_PUBLIC_KEY || undefined), options.checkpoints));

program
  .command('replay')
  .description('offline: replay a log file and show the state it reaches')
  .argument('<log.json>', 'a log file')
  .action((file: string) => replayFile(file, out, summarize));

/** A command that talks to a running system over NATS. */
function remoteCommand(name: string, description: string, example: string): Command {
  EXAMPLES.set(name, example);
  return program
    .command(name)
    .description(description)
    .option('--nats <url>', 'NATS server (default: NATS_URL, else the one `npm start` in this folder runs, else 127.0.0.1:4222)')
    .option('--prefix <prefix>', 'subject prefix of the system (default: CHRONICLE_PREFIX, else the running `npm start`\'s, else chronicle)')
}

/** Runs `work` with a connection, closed afterwards whatever happens. */
async function withRemote(options: ConnectionOptions, work: (remote: Remote) => Promise<void>): Promise<void> {
  const remote = await connectRemote(options);
  try {
    await work(remote);
  } finally {
    await remote.close().catch(() => undefined);
  }
}

type Remotely<T> = T & ConnectionOptions;
const TABLE_OR_WORLD = 'table id, or a world id for its latest chapter';

remoteCommand('open', 'open a table: a strategy world from a scenario file or a built-in world, or another game', 'npm run chronicle -- open my-world --scenario scenario.json --seats alice,bob')
  .argument('<table>', 'the new table id (letters, digits, _ and -)')
  .option('--game <id>', 'the game (sammo, dice-race, tic-tac-toe, journal)', 'sammo')
  .option('--seats <list>', 'comma-separated seats', (v: string) => v.split(',').filter(Boolean), ['player-1'])
  .option('--scenario <file.json>', 'a strategy scenario file of any size (sammo): stored by the log service, named in the table by its SHA-256')
  .option('--world <kind>', 'a built-in strategy world: sample or synthetic (sammo)')
  .option('--turnterm <minutes>', 'turn length on the game clock (sammo)', positiveInt)
  .option('--contributed', 'draw from the seed and the seats\' contributions together (chronicle contribute): no one chooses the draws')
  .action((table: string, options: Remotely<{ game: string; seats: string[]; scenario?: string; world?: string; turnterm?: number; contributed?: boolean }>) =>
    withRemote(options, (remote) => openTable(remote, out, { table, ...options })));

remoteCommand('open-world', 'open a strategy world as npm start opens the sample one: a scenario the build ships or a scenario file of any size, a game clock, chapters and seats; the scheduler and the executors run it from then on', 'npm run chronicle -- open-world spring --scenario sample --month-ms 60000 --chapter-years 1 --seats alice,bob --start 2026-12-24T12:00:00Z')
  .argument('<world>', 'the new world id (letters, digits, _ and -); its chapters are tables <world>-c1, <world>-c2, …')
  .option('--scenario <name or file.json>', `a scenario this build ships (${BUILT_IN_WORLDS.join(' or ')}), or a scenario file of any size: stored by the log service, named in the table by its SHA-256`, 'sample')
  .option('--seats <list>', 'comma-separated seats (players) of the world', (v: string) => v.split(',').filter(Boolean), ['player-1'])
  .option('--turnterm <minutes>', 'game minutes per turn, a divisor of 120 (legacy 턴시간)', positiveInt, 60)
  .option('--month-ms <ms>', 'wall-clock milliseconds per game month (60000 × turnterm: the legacy\'s real time)', positiveInt, 3_600_000)
  .option('--chapter-years <n>', 'game years per chapter (table); 0 keeps the whole world in one table', nonNegativeInt, 1)
  .option('--start <time>', 'when the world\'s clock starts (ISO 8601, e.g. 2026-12-24T12:00:00Z; default now)', wallTime)
  .action((world: string, options: Remotely<{ scenario: string; seats: string[]; turnterm: number; monthMs: number; chapterYears: number; start?: number }>) =>
    withRemote(options, async (remote) => {
      const existing = await worldChapters(remote.log, world);
      if (existing.length > 0) throw new CliError(`world ${world} exists already (its latest chapter is ${existing.at(-1)!.tableId}); pick another id, or see it with chronicle tables`);
      const builtIn = (BUILT_IN_WORLDS as readonly string[]).includes(options.scenario);
      if (!builtIn && !existsSync(options.scenario)) {
        throw new CliError(`--scenario ${options.scenario} is neither a scenario this build ships (${BUILT_IN_WORLDS.join(', ')}) nor a file; give one of those or the path of a scenario file`);
      }
      const header = await openWorld(remote.log, {
        world, scenario: builtIn ? options.scenario as BuiltInWorld : await scenarioOptions(remote, out, options.scenario),
        seats: options.seats, turnterm: options.turnterm, monthMs: options.monthMs, chapterYears: options.chapterYears, startAt: options.start ?? Date.now(),
      });
      out.line(`opened world ${world}: ${builtIn ? `${options.scenario} scenario` : `scenario ${options.scenario}`}, a game month every ${options.monthMs} ms from ${new Date(options.start ?? Date.now()).toISOString()}, ${options.chapterYears > 0 ? `a chapter every ${options.chapterYears} game years` : 'one chapter'}; seats ${options.seats.join(', ')}`);
      out.line(`chapter 1 is table ${header.tableId}; commitment to its seed (SHA-256): ${header.commitment}`);
    }));

remoteCommand('tables', 'list the tables of the running system with game, status, revision, game date and chapter', 'npm run chronicle -- tables')
  .action((options: ConnectionOptions) => withRemote(options, (remote) => listTables(remote, out)));

remoteCommand('watch', 'show a table\'s moves live as they are recorded (Ctrl-C stops)', 'npm run chronicle -- watch sample-world')
  .argument('<table>', TABLE_OR_WORLD)
  .option('--count <n>', 'stop after this many moves', positiveInt)
  .action((table: string, options: Remotely<{ count?: number }>) => withRemote(options, async (remote) => {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    out.onClosed(() => stop.abort());
    await watchTable(remote, out, await resolveTable(remote, out, table), options.count, stop.signal);
  }));

remoteCommand('witness', 'keep a table\'s signed checkpoints as they are published, checking each extends the last (a split view stops it, with both as proof)', 'npm run chronicle -- witness sample-world-c1 --keep witness.jsonl --log-key <64 hex digits>')
  .argument('<table>', TABLE_OR_WORLD)
  .option('--keep <file>', 'where the accepted checkpoints are kept (JSON lines; a restart goes on from the largest)', 'witness.jsonl')
  .option('--log-key <hex>', 'the log service\'s Ed25519 public key, 64 hex digits (default: CHRONICLE_LOG_PUBLIC_KEY, else the running `npm start`\'s)')
  .option('--count <n>', 'stop after this many checkpoints', positiveInt)
  .action((table: string, options: Remotely<{ keep: string; logKey?: string; count?: number }>) => withRemote(options, async (remote) => {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    out.onClosed(() => stop.abort());
    const logKey = options.logKey ?? remote.logPublicKey;
    if (logKey !== undefined && !/^[0-9a-f]{64}$/.test(logKey)) throw new CliError('--log-key must be the log service\'s Ed25519 public key, 64 hex digits');
    await witnessTable(remote, out, await resolveTable(remote, out, table), { keep: options.keep, logKey, count: options.count }, stop.signal);
  }));

remoteCommand('intent', 'submit a player intent to the executors and print its outcome', 'npm run chronicle -- intent sample-world --seat player-1 --key p1-farm \'{"type":"reserve","generalId":12,"command":"che_농지개간","arg":null,"slots":[0]}\'')
  .argument('<table>', TABLE_OR_WORLD)
  .argument('[move]', 'the move as JSON (not for --undo)')
  .requiredOption('--seat <seat>', 'the player\'s seat')
  .option('--seat-token <token>', 'the seat token the deployment\'s gateway gave this player for this table (default: CHRONICLE_SEAT_TOKEN); needed where the executors hold the gateway\'s key')
  .requiredOption('--key <key>', 'idempotency key: the same key twice is one intent')
  .option('--undo', 'take the seat\'s last move back instead')
  .option('--wait-ms <ms>', 'how long to wait for the outcome (0: only until the intent is durable)', nonNegativeInt, 30_000)
  .option('--check-moves <file>', 'once accepted, prove the move in the table\'s signed tree and keep it in this file with the seat\'s other moves (chronicle check-moves)')
  .option('--log-key <hex>', 'the log service\'s Ed25519 public key, 64 hex digits, for --check-moves (default: CHRONICLE_LOG_PUBLIC_KEY, else the running `npm start`\'s)')
  .action((table: string, move: string | undefined, options: Remotely<{ seat: string; seatToken?: string; key: string; undo?: boolean; waitMs: number; checkMoves?: string; logKey?: string }>) => {
    // A move that is not JSON is refused before anything is asked of the system.
    const payload = options.undo ? null : parseMove(move);
    const logKey = checkedLogKey(options.logKey);
    return withRemote(options, async (remote) => {
      const tableId = await resolveTable(remote, out, table);
      const outcome = await submitIntent(remote, out, {
        table: tableId, seat: options.seat, seatToken: options.seatToken ?? process.env.CHRONICLE_SEAT_TOKEN, key: options.key, kind: options.undo ? 'undo' : 'move', waitMs: options.waitMs, payload,
      });
      if (options.checkMoves && outcome.status === 'accepted' && !options.undo) {
        await checkOwnMoves(remote, out, {
          table: tableId, file: options.checkMoves, logKey: logKey ?? remote.logPublicKey, move: { seq: outcome.seq!, revision: outcome.revision!, seat: options.seat, payload },
        });
      }
    });
  });

remoteCommand('check-moves', 'a seat\'s own check of a table: the current signed checkpoint extends the one kept, each own move kept (chronicle intent --check-moves) is still its entry, and once finished each is in the public log as sent', 'npm run chronicle -- check-moves sample-world-c1 --file p1.moves.json')
  .argument('<table>', TABLE_OR_WORLD)
  .requiredOption('--file <file>', 'the own moves kept by intent --check-moves')
  .option('--log-key <hex>', 'the log service\'s Ed25519 public key, 64 hex digits (default: CHRONICLE_LOG_PUBLIC_KEY, else the running `npm start`\'s)')
  .action((table: string, options: Remotely<{ file: string; logKey?: string }>) => {
    const logKey = checkedLogKey(options.logKey);
    return withRemote(options, async (remote) => checkOwnMoves(remote, out, { table: await resolveTable(remote, out, table), file: options.file, logKey: logKey ?? remote.logPublicKey }));
  });

remoteCommand('verify-world', 'check a world: every finished chapter replayed against its commitment and the log service\'s record, and every link between chapters (commitment, final revision, final state hash, rules version); from the running system, or from files chronicle log wrote', 'npm run chronicle -- verify-world sample-world')
  .argument('<world>', 'the world id')
  .option('--files <files...>', 'check these chapter files (chronicle log) instead of asking the running system')
  .option('--log-key <hex>', 'the log service\'s Ed25519 public key, 64 hex digits (default: CHRONICLE_LOG_PUBLIC_KEY, else the running `npm start`\'s)')
  .action((world: string, options: Remotely<{ files?: string[]; logKey?: string }>) => {
    const logKey = checkedLogKey(options.logKey);
    if (options.files) return verifyWorldFiles(out, world, options.files, logKey);
    return withRemote(options, (remote) => verifyWorld(remote, out, world, logKey));
  });

remoteCommand('contribute', 'a seat\'s part of a contributed table\'s randomness: draws a secret value (kept in --keep), commits its hash, reveals it once every seat has committed', 'npm run chronicle -- contribute fair-race --seat ann')
  .argument('<table>', TABLE_OR_WORLD)
  .requiredOption('--seat <seat>', 'the player\'s seat')
  .option('--seat-token <token>', 'the seat token the deployment\'s gateway gave this player (default: CHRONICLE_SEAT_TOKEN)')
  .option('--keep <file>', 'where the value is kept until revealed (default: contribution.<table>.<seat>.json)')
  .option('--wait-ms <ms>', 'how long to wait for every seat to commit before revealing (0: try once; run again later)', nonNegativeInt, 60_000)
  .action((table: string, options: Remotely<{ seat: string; seatToken?: string; keep?: string; waitMs: number }>) => withRemote(options, async (remote) => {
    const tableId = await resolveTable(remote, out, table);
    await contribute(remote, out, {
      table: tableId, seat: options.seat, seatToken: options.seatToken ?? process.env.CHRONICLE_SEAT_TOKEN,
      keep: options.keep ?? `contribution.${tableId}.${options.seat}.json`, waitMs: options.waitMs,
    });
  }));

remoteCommand('outcome', 'what became of an intent submitted earlier', 'npm run chronicle -- outcome sample-world p1-farm')
  .argument('<table>', TABLE_OR_WORLD)
  .argument('<key>', 'the intent\'s key')
  .action((table: string, key: string, options: ConnectionOptions) => withRemote(options, async (remote) => intentOutcome(remote, out, await resolveTable(remote, out, table), key)));

remoteCommand('show', 'show a general, a city or a nation of a strategy world, by id or name, as anyone may see it (in play: the public view; finished: everything)', 'npm run chronicle -- show nation sample-world 조조')
  .argument('<kind>', 'general, city or nation')
  .argument('<table>', TABLE_OR_WORLD)
  .argument('<id>', 'id or name')
  .action((kind: string, table: string, id: string, options: ConnectionOptions) => {
    if (kind !== 'general' && kind !== 'city' && kind !== 'nation') throw new CliError(`show reads a general, a city or a nation, not "${kind}"`);
    return withRemote(options, async (remote) => showEntity(remote, out, kind, await resolveTable(remote, out, table), id));
  });

remoteCommand('log', 'write a finished table\'s log (seed included) to a file, for verify', 'npm run chronicle -- log my-race --out my-race.json')
  .argument('<table>', 'table id')
  .option('--out <file>', 'where to write it', '')
  .action((table: string, options: Remotely<{ out: string }>) => withRemote(options, (remote) => fetchLog(remote, out, table, options.out || `${table}.log.json`)));

for (const [action, description] of [
  ['pause', 'stop a world\'s ticks (its chapter in play): its game clock stands still until resume'],
  ['resume', 'tick a paused world again; the months it missed are skipped by the game\'s delay rule (legacy checkDelay), not played'],
  ['retick', 'tick a table now for its due time (a stuck table: a lost tick, re-ticks that gave up)'],
] as const) {
  remoteCommand(action, `${description}; recorded in the audit trail with who, when and why`, `npm run chronicle -- ${action} sample-world --reason "investigating a stuck month"`)
    .argument('<world or table>', 'a world id (its chapter in play) or a table id')
    .option('--reason <why>', 'why (required: it goes in the audit trail)')
    .option('--operator <name>', 'who acts (default: CHRONICLE_OPERATOR, else NATS_USER, else the login name)')
    .action((target: string, options: Remotely<{ reason?: string; operator?: string }>) => {
      const reason = requireReason(action, options.reason);
      return withRemote(options, (remote) => worldAction(remote, out, action, target, operatorName(options.operator), reason));
    });
}

remoteCommand('lift', 'lift a table\'s quarantine after an investigation: shows why it was quarantined, then the snapshot service replays its whole log again and the table goes on only if every recorded state hash agrees (else the entry that still disagrees is named); recorded in the audit trail with who, when and why', 'npm run chronicle -- lift sample-world --reason "the snapshot check bug is fixed"')
  .argument('<world or table>', 'a world id (its chapter in play) or a table id')
  .option('--reason <why>', 'why (required: it goes in the audit trail)')
  .option('--operator <name>', 'who acts (default: CHRONICLE_OPERATOR, else NATS_USER, else the login name)')
  .action((target: string, options: Remotely<{ reason?: string; operator?: string }>) => {
    const reason = requireReason('lift', options.reason);
    return withRemote(options, (remote) => liftQuarantine(remote, out, target, operatorName(options.operator), reason));
  });

remoteCommand('players', 'a strategy world\'s seats and their generals (nation, city, block level, turns left before deletion), then every other blocked general; reads the whole state (the operator role)', 'npm run chronicle -- players sample-world')
  .argument('<world or table>', 'a world id (its chapter in play) or a table id')
  .action((target: string, options: ConnectionOptions) => withRemote(options, (remote) => listPlayers(remote, out, target)));

/** An operator's move: the reason required, the rest as the command builds it. */
function operatorCommand(name: string, description: string, example: string): Command {
  return remoteCommand(name, `${description}; a move of the table (replayed and verified like any), recorded in the audit trail with who, when and why`, example)
    .option('--reason <why>', 'why (required: it goes in the audit trail)')
    .option('--operator <name>', 'who acts (default: CHRONICLE_OPERATOR, else NATS_USER, else the login name)');
}

operatorCommand('block', 'block players\' generals at the legacy\'s levels: 1 발언권 (killturn 24), 2 턴블럭 (and gold and rice taken), 3 악성유저 (as 2), 0 lifts it', 'npm run chronicle -- block sample-world player-2 --level 2 --reason "multiple accounts"')
  .argument('<world or table>', 'a world id (its chapter in play) or a table id')
  .argument('<generals...>', 'generals by id or name, or the seats that play them')
  .requiredOption('--level <n>', '0 (lift), 1, 2 or 3', (v: string) => {
    if (!['0', '1', '2', '3'].includes(v)) throw new InvalidArgumentError('expected 0 (lift), 1 (발언권), 2 (턴블럭) or 3 (악성유저)');
    return Number(v);
  })
  .action((target: string, names: string[], options: Remotely<{ level: number; reason?: string; operator?: string }>) => {
    const reason = requireReason('block', options.reason);
    return withRemote(options, async (remote) => {
      const generalIds = await generalsNamed(remote, out, target, names);
      await operatorMove(remote, out, target, { type: 'block', generalIds, level: options.level }, operatorName(options.operator), reason);
    });
  });

operatorCommand('notice', 'write an operator\'s line into a world\'s history, starred (legacy 로그쓰기)', 'npm run chronicle -- notice sample-world "서버 점검: 10분 뒤 재개합니다" --reason "maintenance"')
  .argument('<world or table>', 'a world id (its chapter in play) or a table id')
  .argument('<text>', 'the line, 1 to 500 characters')
  .action((target: string, text: string, options: Remotely<{ reason?: string; operator?: string }>) => {
    const reason = requireReason('notice', options.reason);
    return withRemote(options, (remote) => operatorMove(remote, out, target, { type: 'operatorLog', text }, operatorName(options.operator), reason));
  });

remoteCommand('banner', 'post the operator\'s notice (legacy 운영자 메세지) that a world\'s page shows its players as a banner until cleared, or clear it; not a move (the game does not change), recorded in the audit trail with who, when and why', 'npm run chronicle -- banner sample-world "서버 점검: 10분 뒤 재개합니다" --reason "maintenance"')
  .argument('<world or table>', 'a world id (its chapter in play) or a table id')
  .argument('[text]', 'the notice, plain text up to 500 characters (it replaces the one shown)')
  .option('--clear', 'take the notice down')
  .option('--reason <why>', 'why (required: it goes in the audit trail)')
  .option('--operator <name>', 'who acts (default: CHRONICLE_OPERATOR, else NATS_USER, else the login name)')
  .action((target: string, text: string | undefined, options: Remotely<{ clear?: boolean; reason?: string; operator?: string }>) => {
    if ((text === undefined || text.trim() === '') === !options.clear) throw new CliError('banner takes a text to show, or --clear to take it down (not both)');
    const reason = requireReason('banner', options.reason);
    return withRemote(options, (remote) => postNotice(remote, out, target, options.clear ? '' : text!, operatorName(options.operator), reason));
  });

operatorCommand('turnterm', 'change a world\'s turn term (legacy 턴시간: the current month keeps its place, every general\'s next turn scales)', 'npm run chronicle -- turnterm sample-world 30 --reason "a faster season"')
  .argument('<world or table>', 'a world id (its chapter in play) or a table id')
  .argument('<minutes>', '1, 2, 5, 10, 20, 30, 60 or 120', positiveInt)
  .action((target: string, minutes: number, options: Remotely<{ reason?: string; operator?: string }>) => {
    const reason = requireReason('turnterm', options.reason);
    return withRemote(options, (remote) => operatorMove(remote, out, target, { type: 'changeTurnTerm', turnterm: minutes }, operatorName(options.operator), reason));
  });

remoteCommand('audit', 'the operators\' actions on a world or a table: who, when, what and why', 'npm run chronicle -- audit sample-world')
  .argument('<world or table>', 'a world id or a table id')
  .option('--limit <n>', 'the latest n entries', positiveInt, 100)
  .action((target: string, options: Remotely<{ limit: number }>) => withRemote(options, (remote) => showAudit(remote, out, target, options.limit)));

remoteCommand('dead-letters', 'what the consumers gave up on (latest first): the subject, the reason, and whether retry-dead can hand it back', 'npm run chronicle -- dead-letters --limit 20')
  .option('--limit <n>', 'the latest n letters', positiveInt, 50)
  .action((options: Remotely<{ limit: number }>) => withRemote(options, (remote) => listDeadLetters(remote, out, options.limit)));

remoteCommand('bus-state', 'write what lives only in NATS (intents not yet decided, by key; pauses; the audit trail; dead letters) to a file: a database dump holds none of it, so keep it beside each dump for restore-report', 'npm run chronicle -- bus-state --out chronicle.bus.json')
  .requiredOption('--out <file>', 'where to write it')
  .action((options: Remotely<{ out: string }>) => withRemote(options, (remote) => saveBusState(remote, out, options.out)));

remoteCommand('restore-report', 'after a restore from a database dump: what the bus held at the backup (chronicle bus-state) and the restored system lost, by world and table: each pending intent by key, each pause, audit entry and dead letter', 'npm run chronicle -- restore-report chronicle.bus.json')
  .argument('<file>', 'what chronicle bus-state wrote beside the dump')
  .action((file: string, options: ConnectionOptions) => withRemote(options, (remote) => restoreReport(remote, out, file)));

remoteCommand('retry-dead', 'hand a dead tick or intent back to the executors\' work queue; recorded in the audit trail with who, when and why', 'npm run chronicle -- retry-dead 12 --reason "the executor bug is fixed"')
  .argument('<seq>', 'the letter\'s number, as dead-letters shows it', positiveInt)
  .option('--reason <why>', 'why (required: it goes in the audit trail)')
  .option('--operator <name>', 'who acts (default: CHRONICLE_OPERATOR, else NATS_USER, else the login name)')
  .action((seq: number, options: Remotely<{ reason?: string; operator?: string }>) => {
    const reason = requireReason('retry-dead', options.reason);
    return withRemote(options, (remote) => retryDeadLetter(remote, out, seq, operatorName(options.operator), reason));
  });

/** `--log-key`, else CHRONICLE_LOG_PUBLIC_KEY; refused unless it is 64 hex digits. */
function checkedLogKey(option: string | undefined): string | undefined {
  const logKey = option ?? (process.env.CHRONICLE_LOG_PUBLIC_KEY || undefined);
  if (logKey !== undefined && !/^[0-9a-f]{64}$/.test(logKey)) throw new CliError('--log-key must be the log service\'s Ed25519 public key, 64 hex digits');
  return logKey;
}

function parseMove(text: string | undefined): Json {
  if (text === undefined) throw new CliError('intent needs the move as JSON (or --undo)');
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new CliError(`the move is not JSON: ${(error as Error).message}`);
  }
}

for (const command of program.commands) {
  const example = EXAMPLES.get(command.name());
  if (example) command.addHelpText('after', `\nExample:\n  ${example}`);
}

/** The top-level help lists every command with its options and an example, not only their names. */
program.addHelpText('after', () => {
  const lines = ['', 'Every command, its options and an example (npm run chronicle -- <command> …):'];
  for (const command of program.commands) {
    lines.push('', `  ${command.name()} ${command.usage()}`, `      ${command.description()}`);
    for (const option of command.options) lines.push(`      ${option.flags.padEnd(26)} ${option.description}${option.defaultValue !== undefined && option.defaultValue !== '' ? ` (default ${JSON.stringify(option.defaultValue)})` : ''}`);
    const example = EXAMPLES.get(command.name());
    if (example) lines.push(`      e.g. ${example}`);
  }
  return lines.join('\n');
});

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
