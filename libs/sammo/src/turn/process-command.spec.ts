import { IllegalMove } from '@chronicle/engine';
import type { AnyCommand, CommandContext } from '../commands/command';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { joinYearMonth } from '../world/clock';
import { REST_KEY } from '../world/constants';
import type { General, World } from '../world/types';
import { generalHolder } from './general-turn';
import { addTermStack, processCommand, type CommandHolder } from './process-command';

function command(key: string, over: Partial<AnyCommand>): AnyCommand {
  return { key, name: key, id: key, kind: 'general', readArg: (raw) => raw, constraints: [], run: () => true, ...over };
}

function setup(commands: AnyCommand[]): { world: World; general: General; ctx: CommandContext; holder: CommandHolder } {
  const world = smallWorld();
  const general = addGeneral(world, { id: 1 });
  const ctx: CommandContext = {
    world, general, city: world.cities[1]!, nation: world.nations.get(1), year: 190, month: 3, rng: streamFromSeed(TEST_SEED, 'pc'),
  };
  const table = new Map(commands.map((c) => [c.key, c]));
  const holder = generalHolder(general, (k) => table.get(k));
  return { world, general, ctx, holder };
}

describe('processCommand (§4)', () => {
  it('stores the cooldown at joinYearMonth + Q − P and refuses until it passes', () => {
    const slow = command('slow', { preTurns: () => 1, postTurns: () => 3 });
    const { world, general, ctx, holder } = setup([slow]);
    expect(processCommand(ctx, holder, slow, null).result).toBe('stacking');
    expect(processCommand(ctx, holder, slow, null).result).toBe('ran');
    expect(general.nextExecute.slow).toBe(joinYearMonth(190, 3) + 3 - 1);
    expect(processCommand(ctx, holder, slow, null).result).toBe('failed');
    expect(world.logs.at(-1)!.text).toBe('2턴 더 기다려야 합니다. slow 실패.');
    const later = { ...ctx, month: 5 };
    expect(processCommand(later, holder, slow, null).result).not.toBe('failed');
  });

  it('restarts the term stack when the argument changes', () => {
    const stacked = command('stacked', { preTurns: () => 2 });
    const { general, ctx, holder } = setup([stacked]);
    processCommand(ctx, holder, stacked, { to: 1 });
    processCommand(ctx, holder, stacked, { to: 1 });
    expect(general.lastTurn).toEqual({ command: 'stacked', arg: { to: 1 }, term: 2 });
    processCommand(ctx, holder, stacked, { to: 2 });
    expect(general.lastTurn).toEqual({ command: 'stacked', arg: { to: 2 }, term: 1 });
  });

  it('falls back to alternatives with the same stream, at most five deep', () => {
    const tried: string[] = [];
    const looping = command('loop', { run: () => (tried.push('loop'), false), alternative: () => ({ key: 'loop', arg: null }) });
    const { ctx, holder } = setup([looping]);
    const outcome = processCommand(ctx, holder, looping, null);
    expect(outcome.result).toBe('failed');
    expect(tried).toHaveLength(5);

    const target = command('target', { run: (c) => (tried.push(`target:${c.rng.nextInt(9)}`), true) });
    const first = command('first', { run: () => false, alternative: () => ({ key: 'target', arg: { x: 1 } }) });
    const second = setup([first, target]);
    expect(processCommand(second.ctx, second.holder, first, null)).toEqual({ final: target, result: 'ran' });
    expect(second.general.lastTurn).toEqual({ command: 'target', arg: { x: 1 }, term: 0 });
  });

  it('logs an argument that no longer reads, and writes an empty LastTurn for 휴식', () => {
    const picky = command('picky', { readArg: () => { throw new IllegalMove('there is no general 9'); } });
    const rest = command(REST_KEY, {});
    const { world, general, ctx, holder } = setup([picky, rest]);
    expect(processCommand(ctx, holder, picky, 9).result).toBe('failed');
    expect(world.logs.at(-1)!.text).toBe('인자가 올바르지 않습니다. picky 실패.');
    general.lastTurn = { command: 'x', arg: 1, term: 2 };
    processCommand(ctx, holder, rest, null);
    expect(general.lastTurn).toEqual({ command: REST_KEY, arg: null, term: 0 });
  });

  it('logs the term stack as `name 수행중... (t/P+1)` or in the command’s own words', () => {
    const plain = command('plain', { preTurns: () => 2 });
    const worded = command('worded', { preTurns: () => 1, termText: (t, of) => `준비 ${t}/${of}` });
    const { world, ctx, holder } = setup([plain, worded]);
    processCommand(ctx, holder, plain, null);
    processCommand(ctx, holder, plain, null);
    processCommand(ctx, holder, worded, null);
    expect(world.logs.map((l) => l.text)).toEqual(['plain 수행중... (1/3)', 'plain 수행중... (2/3)', '준비 1/2']);
  });

  it('keeps the stacked LastTurn for a command that never resets it, and resets it after a spent one', () => {
    const keeper = command('keeper', { preTurns: () => 1, keepsLastTurn: true });
    const spender = command('spender', { run: () => 'spent' });
    const { general, ctx, holder } = setup([keeper, spender]);
    processCommand(ctx, holder, keeper, null);
    expect(processCommand(ctx, holder, keeper, null).result).toBe('ran');
    expect(general.lastTurn).toEqual({ command: 'keeper', arg: null, term: 1 });
    // 'spent' is not done (no cooldown, alternatives may follow) but the turn is recorded.
    expect(processCommand(ctx, holder, spender, 7)).toEqual({ final: spender, result: 'failed' });
    expect(general.lastTurn).toEqual({ command: 'spender', arg: 7, term: 0 });
    // A plain failure leaves it alone.
    const failing = command('failing', { run: () => false });
    processCommand(ctx, holder, failing, null);
    expect(general.lastTurn).toEqual({ command: 'spender', arg: 7, term: 0 });
  });

  it('sets no cooldown without post-turns, and no refusal for a cooldown already past', () => {
    const quick = command('quick', { postTurns: () => 0 });
    const { general, ctx, holder } = setup([quick]);
    processCommand(ctx, holder, quick, null);
    expect(general.nextExecute).toEqual({});
    general.nextExecute.quick = joinYearMonth(190, 3);
    expect(processCommand(ctx, holder, quick, null).result).toBe('ran');
  });

  it('passes on an error that is not a refused argument', () => {
    const broken = command('broken', { readArg: () => { throw new TypeError('bug'); } });
    const { ctx, holder } = setup([broken]);
    expect(() => processCommand(ctx, holder, broken, null)).toThrow(TypeError);
  });

  it('fails without an alternative, or with one the holder does not know', () => {
    const lone = command('lone', { run: () => false });
    const pointing = command('pointing', { run: () => false, alternative: () => ({ key: 'nowhere', arg: null }) });
    const { ctx, holder } = setup([lone, pointing]);
    expect(processCommand(ctx, holder, lone, null)).toEqual({ final: lone, result: 'failed' });
    expect(processCommand(ctx, holder, pointing, null)).toEqual({ final: pointing, result: 'failed' });
  });
});

describe('addTermStack with a capital seq (천도, 증축, 감축)', () => {
  it('stamps the seq and restarts a stack begun before the capset moved on (a missing seq counts as 0)', () => {
    const { general, holder } = setup([]);
    expect(addTermStack(holder, '천도', 1, 2, 3)).toBe(false);
    expect(general.lastTurn).toEqual({ command: '천도', arg: 1, term: 1, seq: 3 });
    expect(addTermStack(holder, '천도', 1, 2, 3)).toBe(false);
    expect(general.lastTurn).toEqual({ command: '천도', arg: 1, term: 2, seq: 3 });
    // Another capital command ran meanwhile: capset 4 > 3 starts again.
    expect(addTermStack(holder, '천도', 1, 2, 4)).toBe(false);
    expect(general.lastTurn).toEqual({ command: '천도', arg: 1, term: 1, seq: 4 });
    general.lastTurn = { command: '천도', arg: 1, term: 2 };
    expect(addTermStack(holder, '천도', 1, 2, 0)).toBe(true);
    expect(addTermStack(holder, '천도', 1, 2, 1)).toBe(false);
    // Without a seq nothing is stamped.
    expect(addTermStack(holder, '증축', 1, 1)).toBe(false);
    expect(general.lastTurn).toEqual({ command: '증축', arg: 1, term: 1 });
  });
});

