import { InvalidGame, type Game, type GameState, type Json, type Views } from '@chronicle/engine';
import { sammoClock } from './clock';
import { applyMove } from './moves/apply-move';
import { checkMove } from './moves/check-move';
import type { SammoMove } from './moves/move-types';
import type { RandUtil } from './rng/rand-util';
import { legacyStreams } from './rng/streams';
import { DEFAULT_MAP, loadScenario, SAMPLE_SCENARIO } from './scenario/sample';
import { readMapData, readScenarioData } from './scenario/scenario-data';
import { buildSyntheticWorld } from './scenario/synthetic';
import { chapterEndAfter, continueChapter } from './turn/chapter';
import { readWorldOptions } from './scenario/world-options';
import { newTournament } from './tournament/state';
import { newAuctionHouse } from './auction/house';
import { readWorld, writeWorld } from './state/serialize';
import type { World } from './world/types';
import { commandTable, type CommandTable } from './commands/command-table';
import { generalOfSeat, sammoViews, seatView, type SeatView } from './views';

/**
 * A seat's view as a table shows it: the views' (`src/views`) and, on a whole read (no
 * `since`), its general's command table (legacy General/GetCommandTable; null without a
 * general). The table runs the commands' conditions, which stand above the views, so it is
 * added here. A reader of only what is new (`since`: the live streams, a log read) gets none:
 * the table costs about as much as the view itself.
 */
export type SeatPlayView = SeatView & { commandTable?: CommandTable | null };

/** What the table shows each seat, the public and each move (`sammo.views`). */
export const sammoTableViews: Views<World> = {
  ...sammoViews,
  seat(state: Readonly<GameState<World>>, seat: string, since?: number): Json {
    const view: SeatPlayView = seatView(state.data, seat, { since });
    if (since === undefined) {
      const general = generalOfSeat(state.data, seat);
      view.commandTable = general === undefined ? null : commandTable(state.data, general);
    }
    return view as unknown as Json;
  },
};

/**
 * The Three-Kingdoms strategy game (삼국지 모의전투) as a pure game definition: time passes
 * by `advance` moves from the table seat; players reserve commands for their generals.
 * Streams are the legacy hash DRBG seeded with the table seed (see README).
 */
export const sammo: Game<World, SammoMove, RandUtil> = {
  id: 'sammo',
  // Raised whenever a rule change makes a stored log replay to another state: a service then
  // refuses the old tables (`GameRegistry.forTable`) instead of replaying them wrongly.
  // 2: the legacy-exactness fixes (rounding, levels, income, the AI) and the battle's
  // crew-type triggers and office war-power multipliers. 3: the war specials in battle, the
  // battle's tech through the FLOAT column, the lost conflict share, the fallen nation's order.
  // 4: what the commands, monthly and AI differentials found (stat experience settled,
  // FLOAT trust/tech, officers' income, fronts, 몰수/포상/헌납/원조, 금쌀구매, NPC헌납, the
  // nation AI's rewards), AddGlobalBetray, the #12 commands with capset and the can_ flags.
  // 5: session 5's rules (the nation AI's capital moves and assignments, the general pool,
  // items, specialities, tournaments); version-4 tables replay to other states.
  // 6: session 6's rules (items in battle, before the turn, against sabotage and in the
  // tournament's lines; 동작's dex; ProvideNPCTroopLeader's dummies every month); version-5
  // tables replay to other states.
  // 7: che_건국 and che_해산 as the legacy runs them (not in the game's first month, where the
  // turn goes to 인재탐색; 건국's lines), a battle's level lines told as they happen; version-6
  // tables replay to other states.
  // 8: a seat's createGeneral/possess seats the player in a world in play (the gateway's join).
  // 9: every log line carries the move that wrote it, which the views tell the players; a
  // nation's secretlimit and a general's permission are kept (views/).
  // 10: the ruler names 외교권자 and 조언자 (setPermission), an NPC ruler makes the users it
  // seats 외교권자, 하야/등용수락/a nation's fall/a general taken over clear the permission,
  // 거병 in a scenario ≥ 1000 sets secretlimit 1, a nation's policy is set from permission 3;
  // version-9 tables with NPC rulers' promotions replay to other states.
  // 11: the chiefs' personnel page (appoint: 임명 to chief seats and city offices, emptying
  // them; expel: 추방), as the legacy's j_myBossInfo. The views show the open resource
  // auctions to a general (GetActiveResourceAuctionList) and the tournament to all (b_tournament,
  // b_betting), a general's own entry and stakes to its seat.
  // 12: createGeneral is the legacy's General/Join (bonus stats, age, 천재, a birth city among
  // the unowned level 5–6 ones, personality, starting experience, the welcome lines); the AI's
  // 유저장구출발령 reads the policy's minWarCrew; 거병 puts ㉥ before a taken name. (11 was
  // never released: it ships within 12.)
  version: '12',
  streams: legacyStreams,

  setup({ seats, options, random }) {
    const opts = readWorldOptions(options);
    const rng = random.stream('InitScenario');
    let world: World;
    if (opts.world === 'synthetic') {
      world = buildSyntheticWorld(opts, rng);
    } else if (opts.world === 'sample') {
      world = loadScenario(SAMPLE_SCENARIO, DEFAULT_MAP, opts, rng);
    } else {
      const map = opts.map === null ? DEFAULT_MAP : readMapData(opts.map);
      world = loadScenario(readScenarioData(opts.scenario, map), map, opts, rng);
    }
    if (world.generals.size === 0) throw new InvalidGame('the world has no generals');
    if (opts.chapterYears > 0) world.env.chapterEnd = chapterEndAfter(world.env.year, opts.chapterYears);
    if (opts.tournaments) world.tournament = newTournament(true);
    if (opts.auctions) world.auctions = newAuctionHouse(world.env.turntime);
    if (opts.invaders) world.env.invaders = { offers: [] };
    return { phase: 'play', turn: 1, order: { seats: [...seats], acting: null, pending: [] }, data: world };
  },

  continueChapter(state, { options }) {
    continueChapter(state, readWorldOptions(options).chapterYears);
  },

  check: checkMove,
  apply: applyMove,
  clock: sammoClock,
  // What each seat and the public see while the table is in play (src/views, the legacy's API).
  views: sammoTableViews,
  writeData: writeWorld,
  readData: readWorld,
};

/**
 * Every rules version of the game this build serves, oldest first; the last is `sammo`, the
 * one new tables (and a world's next chapter) open under. A hotfix that changes what a log
 * replays to bumps `sammo.version` and keeps the version live tables play here, as the code
 * that replays them unchanged, until its last table is finished and verified (see README,
 * "Shipping a rules fix").
 */
export const sammoVersions: readonly Game<World, SammoMove, RandUtil>[] = [sammo];
