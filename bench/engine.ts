// Replay throughput of the engine on a 100,000-move dice race, from scratch and from a
// snapshot at move 99,000, beside boardgame.io 0.50 reducing the same number of moves.
import { engine, GameLog, Snapshot, stateToArray } from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { median, mib, timed } from './machine';

const MOVES = 100_000;
const SEATS = ['ann', 'bob', 'cid', 'dan'];
const RUNS = 5;

function buildLog(): GameLog {
  const log = GameLog.open({ tableId: 'bench', gameId: diceRace.id, rulesVersion: diceRace.version, seats: SEATS, options: { finish: 1e9 } });
  const state = engine.setup(diceRace, log.header());
  for (let i = 0; i < MOVES; i++) log.append(engine.step(diceRace, log.header(), state, state.order.acting, { type: 'roll' }).move);
  return log;
}

interface BgioState { G: { positions: number[] }; ctx: { currentPlayer: string } }

function bgioReplay(seed: string): { ms: number; positions: number[] } {
  const game = {
    name: 'dice-race',
    seed,
    setup: ({ ctx }: { ctx: { numPlayers: number } }) => ({ positions: Array<number>(ctx.numPlayers).fill(0) }),
    moves: {
      roll: ({ G, ctx, random }: { G: { positions: number[] }; ctx: { currentPlayer: string }; random: { D6(): number } }) => {
        G.positions[Number(ctx.currentPlayer)]! += random.D6();
      },
    },
    turn: { minMoves: 1, maxMoves: 1 },
    endIf: ({ G }: { G: { positions: number[] } }) => (G.positions.some((p) => p >= 1e9) ? { done: true } : undefined),
  };
  const reducer = CreateGameReducer({ game } as never) as unknown as (s: BgioState, a: unknown) => BgioState;
  const { ms, value } = timed(() => {
    let state = InitializeGame({ game, numPlayers: SEATS.length } as never) as unknown as BgioState;
    for (let i = 0; i < MOVES; i++) {
      const action = { type: 'MAKE_MOVE', payload: { type: 'roll', args: [], playerID: state.ctx.currentPlayer } };
      state = reducer(state, action);
    }
    return state;
  });
  return { ms, positions: value.G.positions };
}

export async function main(): Promise<void> {
  process.stdout.write(`building a ${MOVES}-move dice-race log… `);
  const log = buildLog();
  const header = log.header();
  console.log('done');

  const heapBefore = process.memoryUsage().heapUsed;
  const replays = Array.from({ length: RUNS }, () => timed(() => engine.replay(diceRace, log)));
  const replayMs = median(replays.map((r) => r.ms));
  const heapAfter = process.memoryUsage().heapUsed;
  const replayRate = MOVES / (replayMs / 1000);
  console.log(`engine replay: ${RUNS} runs, median ${replayMs.toFixed(1)} ms for ${MOVES} moves (${Math.round(replayRate)} moves/s)`);

  const at99k = engine.advance(diceRace, header, engine.setup(diceRace, header), log.moves.slice(0, 99_000));
  const cached = JSON.parse(JSON.stringify(Snapshot.of(diceRace, at99k, log.commitment()).toArray()));
  const resumes = Array.from({ length: RUNS }, () => timed(() => engine.resume(diceRace, log, cached)));
  const resumeMs = median(resumes.map((r) => r.ms));
  const sameState = JSON.stringify(stateToArray(diceRace, resumes[0]!.value.state)) === JSON.stringify(stateToArray(diceRace, replays[0]!.value));
  console.log(`engine from snapshot at 99000: median ${resumeMs.toFixed(2)} ms (restore + 1000 moves), same state as full replay: ${sameState}`);

  process.stdout.write(`boardgame.io 0.50 reducing ${MOVES} moves… `);
  const bgioRuns = Array.from({ length: 2 }, () => bgioReplay('bench-seed'));
  const bgioMs = median(bgioRuns.map((r) => r.ms));
  const bgioRate = MOVES / (bgioMs / 1000);
  console.log(`median ${bgioMs.toFixed(0)} ms (${Math.round(bgioRate)} moves/s)`);
  // A move boardgame.io refused would leave the positions short and the figure meaningless.
  const rolled = bgioRuns[0]!.positions.reduce((a, b) => a + b, 0);
  console.log(`boardgame.io check: ${rolled} pips rolled over ${MOVES} moves (${(rolled / MOVES).toFixed(2)} per move; a fair die gives 3.5)`);

  console.log(`memory: heap ${mib(process.memoryUsage().heapUsed)} MiB, rss ${mib(process.memoryUsage().rss)} MiB, replay heap delta ${mib(heapAfter - heapBefore)} MiB`);
  console.log(`RESULT engine replay_moves_per_s=${Math.round(replayRate)} bgio_replay_moves_per_s=${Math.round(bgioRate)} ratio_vs_bgio=${(replayRate / bgioRate).toFixed(1)}`);
  console.log(`RESULT engine snapshot_99000_rebuild_ms=${resumeMs.toFixed(2)} snapshot_99000_moves_per_s=${Math.round(MOVES / (resumeMs / 1000))}`);
}
