import { Controller, Get, HttpStatus, Param, Query, UseGuards } from '@nestjs/common';
import {
  CHE_MAP_POSITIONS, CREW_TYPES, FOUNDABLE_NATION_TYPES, GameConst, GENERAL_COMMANDS, ITEMS, NATION_COLORS, NATION_COMMANDS, nationTypeOf,
  type LineView, type SeatPlayView,
} from '@chronicle/sammo';
import type { SignedIn } from '../accounts/accounts.service';
import { GENERAL_LIST_LIMIT, Limit } from '../http/limits';
import { intQuery, oneOf, worldParam } from '../http/params';
import { Answers } from '../http/answers';
import { forbidden, notFound, Refusal } from '../http/refusals';
import { Caller, SessionGuard } from '../http/session.guard';
import { WorldPlay } from '../worlds/world-play';
import { AuctionListAnswer, CommandTableAnswer, OwnTournamentAnswer, TournamentAnswer } from './answers.dto';
import { WorldViews, type Viewed } from './world-views';

const MAX_REVISION = 2 ** 31;

/** Where a view was read: the world, the chapter's table and its revision (send it back as `since`). */
const frame = <V>(viewed: Viewed<V>) => ({ worldId: viewed.worldId, tableId: viewed.tableId, revision: viewed.revision });

const noGeneral = () => new Refusal(HttpStatus.CONFLICT, 'NO_GENERAL', '장수가 없습니다 (your seat plays no general in this chapter)');
const noAuctions = () => notFound('경매가 열리지 않는 세계입니다. (auctions are not enabled in this world)');
const noTournament = () => notFound('토너먼트가 열리지 않는 세계입니다. (tournaments are not enabled in this world)');

const notInNation = () => forbidden('국가에 소속되어있지 않습니다. (the general serves no nation)');

/**
 * A signed-in player's reads of a world, each from the seat's view (libs/sammo `seatView`,
 * the legacy's API): what the view leaves out, the route cannot show.
 */
@Controller('api/v1/worlds')
@UseGuards(SessionGuard)
export class SeatReadsController {
  constructor(private readonly play: WorldPlay, private readonly views: WorldViews) {}

  /** The caller's general, troop, city and nation (General/GetFrontInfo). */
  @Get(':world/general')
  async general(@Caller() caller: SignedIn, @Param('world') world: string) {
    const viewed = await this.seatView(caller, world);
    const { env, general, troop, city, nation, queueDate } = viewed.view;
    return { ...frame(viewed), env, general, troop, city, nation, queueDate };
  }

  /**
   * The command table (General/GetCommandTable, and getChiefCommandTable for a chief): each
   * command of the world's lists in order, whether the caller's general may choose it now, and
   * if not, the first condition it fails in the legacy's words.
   */
  @Get(':world/command-table')
  @Answers(CommandTableAnswer)
  async commandTable(@Caller() caller: SignedIn, @Param('world') world: string): Promise<CommandTableAnswer> {
    const viewed = await this.seatView(caller, world);
    const table = viewed.view.commandTable;
    if (!table) throw noGeneral();
    return { ...frame(viewed), general: table.general, chief: table.chief };
  }

  /** The caller's 30 reserved turns and the month slot 0 runs in (Command/GetReservedCommand). */
  @Get(':world/commands')
  async commands(@Caller() caller: SignedIn, @Param('world') world: string) {
    const viewed = await this.seatView(caller, world);
    return { ...frame(viewed), queue: viewed.view.queue, queueDate: viewed.view.queueDate, turntime: viewed.view.general?.detail.turntime ?? null };
  }

  /**
   * The general's log (`scope=general`, General/GetGeneralLog) or its nation's chronicle
   * (`scope=nation`), newest first; `since`: only lines written after that revision.
   */
  @Get(':world/log')
  async log(@Caller() caller: SignedIn, @Param('world') world: string, @Query('scope') scope?: string, @Query('since') since?: string) {
    const which = oneOf('scope', scope, ['general', 'nation'] as const);
    const viewed = await this.seatView(caller, world, intQuery('since', since, 0, MAX_REVISION));
    const lines: LineView[] = which === 'general' ? viewed.view.log : viewed.view.nationLog;
    return { ...frame(viewed), scope: which, lines: [...lines].reverse() };
  }

  /** The cities the caller reads in detail: its nation's, those its generals stand in, those its 첩보 covers (GetMap's spyList). */
  @Get(':world/cities')
  async cities(@Caller() caller: SignedIn, @Param('world') world: string) {
    const viewed = await this.seatView(caller, world);
    return { ...frame(viewed), cities: viewed.view.cities, spy: viewed.view.nation?.spy ?? {} };
  }

  /** The caller's nation: treasury, rates, policy, population, troops (Nation/GetNationInfo) and its relations (GetDiplomacy). */
  @Get(':world/nation')
  async nation(@Caller() caller: SignedIn, @Param('world') world: string) {
    const viewed = await this.seatView(caller, world);
    if (viewed.view.nation === null) throw notInNation();
    return { ...frame(viewed), nation: viewed.view.nation, diplomacy: viewed.view.diplomacy };
  }

  /** The nation's generals as the caller's office reads them (Nation/GeneralList). */
  @Get(':world/nation/generals')
  async members(@Caller() caller: SignedIn, @Param('world') world: string) {
    const viewed = await this.seatView(caller, world);
    if (viewed.view.nation === null) throw notInNation();
    return { ...frame(viewed), permission: viewed.view.general!.permission, members: viewed.view.members, troops: viewed.view.nation.troops };
  }

  /** The chiefs' queues (NationCommand/GetReservedCommand), from secret permission 1. */
  @Get(':world/nation/commands')
  async chiefQueues(@Caller() caller: SignedIn, @Param('world') world: string) {
    const viewed = await this.seatView(caller, world);
    if (viewed.view.nation === null) throw notInNation();
    if (viewed.view.chiefQueues === null) throw forbidden('수뇌부가 아니거나 사관년도가 부족합니다. (the chiefs\' queues need secret permission 1)');
    return { ...frame(viewed), chiefQueues: viewed.view.chiefQueues };
  }

  /**
   * The open resource auctions (Auction/GetActiveResourceAuctionList, a general's read): 쌀
   * and 금 lots each by close, with host, dates, prices and the highest bid, and the house's
   * 20 newest lines.
   */
  @Get(':world/auctions')
  @Answers(AuctionListAnswer)
  async auctions(@Caller() caller: SignedIn, @Param('world') world: string): Promise<AuctionListAnswer> {
    const viewed = await this.seatView(caller, world);
    const { general, auctions } = viewed.view;
    if (general === null) throw noGeneral();
    if (auctions === null) throw noAuctions();
    return { ...frame(viewed), generalId: general.id, ...auctions };
  }

  /** The caller's own part of the tournament: entered, 자동참여, its stakes per candidate, its gold (b_tournament, b_betting). */
  @Get(':world/tournament/mine')
  @Answers(OwnTournamentAnswer)
  async ownTournament(@Caller() caller: SignedIn, @Param('world') world: string): Promise<OwnTournamentAnswer> {
    const viewed = await this.seatView(caller, world);
    const { general, tournament } = viewed.view;
    if (general === null) throw noGeneral();
    if (tournament === null) throw noTournament();
    return { ...frame(viewed), ...tournament, gold: general.gold };
  }

  private async seatView(caller: SignedIn, worldId: string, since?: number): Promise<Viewed<SeatPlayView>> {
    const world = this.play.known(worldParam(worldId));
    const seat = await this.play.seatOrRefuse(world.worldId, caller.account.id);
    return this.views.seat(world, seat, since);
  }
}

/** What anyone may read of a world, from its public view (Global): no session needed. */
@Controller('api/v1/worlds')
export class PublicReadsController {
  constructor(private readonly play: WorldPlay, private readonly views: WorldViews) {}

  /** The map: each city's owner, level, state, region and supply, and the contested cities (Global/GetMap). */
  @Get(':world/map')
  async map(@Param('world') world: string) {
    const viewed = await this.publicView(world);
    const { env, cities, conflicts, nations } = viewed.view;
    return { ...frame(viewed), env, cities, conflicts, nations: nations.map(({ id, name, color, capital }) => ({ id, name, color, capital })) };
  }

  /** The nations' public figures (Global/GetNationList). */
  @Get(':world/nations')
  async nations(@Param('world') world: string) {
    const viewed = await this.publicView(world);
    return { ...frame(viewed), env: viewed.view.env, nations: viewed.view.nations };
  }

  /** The generals' public list (Global/GeneralList): no purse, crew or queue; once in 10 s, as the legacy allows. */
  @Get(':world/generals')
  @Limit(GENERAL_LIST_LIMIT)
  async generals(@Param('world') world: string) {
    const viewed = await this.publicView(world);
    return { ...frame(viewed), generals: viewed.view.generals };
  }

  /** Relations as the public reads them, and the contested cities (Global/GetDiplomacy). */
  @Get(':world/diplomacy')
  async diplomacy(@Param('world') world: string) {
    const viewed = await this.publicView(world);
    const nations = viewed.view.nations.map(({ id, name, color }) => ({ id, name, color }));
    return { ...frame(viewed), nations, diplomacy: viewed.view.diplomacy, conflicts: viewed.view.conflicts };
  }

  /** The chronicle (중원정세, Global/GetHistory) and the newest public action lines (장수동향), newest first; `since` a revision. */
  @Get(':world/history')
  async history(@Param('world') world: string, @Query('since') since?: string) {
    const viewed = await this.publicView(world, intQuery('since', since, 0, MAX_REVISION));
    return { ...frame(viewed), history: [...viewed.view.history].reverse(), logs: [...viewed.view.logs].reverse() };
  }

  /**
   * The tournament as every general reads it (b_tournament, b_betting): stage, kind, the
   * tables, the bracket, the fights shown, the stakes summed per candidate with the odds —
   * no general's own stake (that is `tournament/mine`).
   */
  @Get(':world/tournament')
  @Answers(TournamentAnswer)
  async tournament(@Param('world') world: string): Promise<TournamentAnswer> {
    const viewed = await this.publicView(world);
    if (viewed.view.tournamentBoard === null) throw noTournament();
    return { ...frame(viewed), tournament: viewed.view.tournamentBoard };
  }

  /**
   * The game's constants (Global/GetConst): the rules' numbers, the crew types, the commands,
   * the map's city positions, and what the argument forms choose from by name: 건국's nation
   * types, the flag colours (국기변경 names one by its place) and the shop's items (장비매매).
   */
  @Get(':world/constants')
  constants(@Param('world') world: string) {
    const { worldId } = this.play.known(worldParam(world));
    const commands = (table: typeof GENERAL_COMMANDS) => [...table.values()].map(({ key, name, id }) => ({ key, name, id }));
    return {
      worldId, gameConst: GameConst, crewTypes: CREW_TYPES,
      commands: { general: commands(GENERAL_COMMANDS), nation: commands(NATION_COMMANDS) },
      mapPositions: Object.fromEntries(CHE_MAP_POSITIONS),
      nationTypes: FOUNDABLE_NATION_TYPES.map((key) => ({ key, name: nationTypeOf(key)?.label ?? key })),
      nationColors: NATION_COLORS,
      shopItems: ITEMS.filter((i) => i.buyable).map(({ key, slot, name, cost, reqSecu }) => ({ key, slot, name, cost, reqSecu })),
    };
  }

  private publicView(worldId: string, since?: number) {
    return this.views.public(this.play.known(worldParam(worldId)), since);
  }
}
