import { placeBid } from '../auction/bid';
import { runAuctionsUntil } from '../auction/close';
import { openAuction, type AuctionLot } from '../auction/open';
import { addGeneral, seededStreams, smallWorld } from '../testing/small-world';
import { placeBet } from '../tournament/betting';
import { joinTournament, setAutoEntry } from '../tournament/entry';
import { openTournament } from '../tournament/open';
import { runTournamentUntil } from '../tournament/process';
import { Stage } from '../tournament/state';
import { log } from '../world/logbook';
import type { General, TournamentEntry } from '../world/types';
import { AUCTION_LOG_LINES } from './auctions';
import { publicView } from './public-view';
import { seatView } from './seat-view';
import { fightGroups } from './tournament';
import { auctionWorld, tournamentWorld } from '../testing/market-worlds';

const MINUTE = 60_000;


const lot = (kind: AuctionLot['kind'], closeTurnCnt: number): AuctionLot => ({ kind, amount: 1000, closeTurnCnt, startBidAmount: 800, finishBidAmount: 1500 });

describe('the open resource auctions (legacy Auction/GetActiveResourceAuctionList)', () => {
  it('lists each kind by close, with host, dates, prices and the highest bid with its bidder and date', () => {
    const { world, host, a, b } = auctionWorld();
    const t0 = world.auctions!.now;
    const late = openAuction(world.auctions!, host, lot('buyRice', 5), 60, t0);
    const merchant = openAuction(world.auctions!, { id: 0, gold: 1e5, rice: 1e5 }, lot('buyRice', 2), 60, t0);
    const gold = openAuction(world.auctions!, a, lot('sellRice', 3), 60, t0);
    world.auctions!.now = t0 + 5 * MINUTE;
    placeBid(world, a, late, 900);
    world.auctions!.now = t0 + 7 * MINUTE;
    placeBid(world, b, late, 950);

    const view = seatView(world, 'user-2').auctions!;
    expect(view.buyRice.map((x) => x.id)).toEqual([merchant, late]);
    expect(view.buyRice[0]).toEqual({
      id: merchant, kind: 'buyRice', hostGeneralId: 0, hostName: '상인', openDate: t0, closeDate: t0 + 120 * MINUTE,
      amount: 1000, startBidAmount: 800, finishBidAmount: 1500, highestBid: null,
    });
    expect(view.buyRice[1]!.hostName).toBe('장수1');
    // The outbid bidder's 900 is gone from the list: only the highest shows, with who and when.
    expect(view.buyRice[1]!.highestBid).toEqual({ amount: 950, date: t0 + 7 * MINUTE, generalId: 3, generalName: '장수3' });
    expect(view.sellRice.map((x) => [x.id, x.hostGeneralId, x.hostName])).toEqual([[gold, 2, '장수2']]);
    // A bidder who left the world keeps its bid; its name is not kept.
    world.generals.delete(3);
    expect(seatView(world, 'user-2').auctions!.buyRice[1]!.highestBid!.generalName).toBeNull();
  });

  it('carries the house\'s 20 newest lines, oldest first, and no other line', () => {
    const { world } = auctionWorld();
    for (let i = 1; i <= 25; i++) log(world, i % 2 ? 'auction' : 'general', i, `줄 ${i}`);
    for (let i = 26; i <= 40; i++) log(world, 'auction', i, `줄 ${i}`);
    const lines = seatView(world, 'user-1').auctions!.recentLogs;
    expect(AUCTION_LOG_LINES).toBe(20);
    expect(lines.map((l) => l.text)).toEqual([17, 19, 21, 23, 25, ...Array.from({ length: 15 }, (_, i) => 26 + i)].map((i) => `줄 ${i}`));
  });

  it('is a general\'s read: the public and a seat without a general learn how many are open, not the lots', () => {
    const { world, host, a } = auctionWorld();
    const id = openAuction(world.auctions!, host, lot('buyRice', 3), 60, world.auctions!.now);
    placeBid(world, a, id, 912);
    const pub = publicView(world);
    expect(pub.openAuctions).toBe(1);
    expect(JSON.stringify(pub)).not.toContain('912');
    expect(seatView(world, 'nobody').auctions).toBeNull();
    // A closed auction leaves the list.
    runAuctionsUntil(world, world.auctions!.now + 4 * 60 * MINUTE);
    expect(seatView(world, 'user-1').auctions!.buyRice).toEqual([]);
    expect(publicView(world).openAuctions).toBe(0);
  });

  it('is null where auctions are off', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    expect(seatView(world, 'user-1').auctions).toBeNull();
    expect(publicView(world).openAuctions).toBeNull();
  });
});


const entry = (generalId: number, grp: number, grpNo: number, score: Partial<TournamentEntry> = {}): TournamentEntry => ({
  generalId, npc: 0, name: `장수${generalId}`, leadership: 50, strength: 60, intel: 70, lvl: 0, grp, grpNo, win: 0, draw: 0, lose: 0, gl: 0, prmt: 0, ...score,
});

describe('the tournament board (legacy b_tournament.php, b_betting.php)', () => {
  it('names the stage, the kind and the next step as the pages do', () => {
    const world = tournamentWorld(3);
    expect(publicView(world).tournamentBoard).toMatchObject({ stage: 0, stageName: '경기 없음', nextStepLabel: null });
    openTournament(world, seededStreams(), world.env.turntime);
    const board = publicView(world).tournamentBoard!;
    const t = world.tournament!;
    expect(board).toMatchObject({
      stage: Stage.recruiting, stageName: '참가 모집중', nextStepLabel: '개막시간', nextStep: t.nextStep, kind: t.kind,
      kindName: ['전력전', '통솔전', '일기토', '설전'][t.kind], statName: ['종합', '통솔', '무력', '지력'][t.kind],
      stepSeconds: 60, entryFee: world.env.develcost,
    });
    expect(publicView(smallWorld()).tournamentBoard).toBeNull();
  });

  it('ranks a group by points (3 a win, 1 a draw), goal difference, then seating, and shows the kind\'s stat', () => {
    const world = tournamentWorld(0);
    const t = world.tournament!;
    t.stage = Stage.qualifiers;
    t.kind = 0;
    t.entries = [
      entry(1, 0, 0, { win: 1, lose: 1, gl: 5 }), entry(2, 0, 1, { win: 1, lose: 1, gl: 9 }), entry(3, 0, 2, { draw: 3 }), entry(4, 0, 3, { win: 1, lose: 1, gl: 5 }),
      entry(5, 10, 0, { win: 2, prmt: 1 }),
    ];
    const board = publicView(world).tournamentBoard!;
    expect(board.qualifiers[0]!.map((r) => [r.generalId, r.points, r.gl, r.games])).toEqual([[2, 3, 9, 2], [1, 3, 5, 2], [4, 3, 5, 2], [3, 3, 0, 3]]);
    expect(board.qualifiers[0]![0]!.stat).toBe(180);
    expect(board.qualifiers.slice(1).every((g) => g.length === 0)).toBe(true);
    expect(board.finals[0]).toEqual([{ generalId: 5, npc: 0, name: '장수5', stat: 180, games: 2, win: 2, draw: 0, lose: 0, points: 6, gl: 0, prmt: 1 }]);
    t.kind = 3;
    expect(publicView(world).tournamentBoard!.qualifiers[0]![0]!.stat).toBe(70);
  });

  it('draws the bracket from the winner\'s row down to the round of 16, empty seats null, a won game marked', () => {
    const world = tournamentWorld(0);
    const t = world.tournament!;
    t.stage = Stage.quarterFinals;
    for (let i = 0; i < 16; i++) t.entries.push(entry(100 + i, 20 + (i >> 1), i & 1, { win: i % 2 === 0 ? 1 : 0 }));
    for (let i = 0; i < 8; i++) t.entries.push(entry(100 + 2 * i, 30 + (i >> 1), i & 1));
    const bracket = publicView(world).tournamentBoard!.bracket;
    expect(bracket.map((row) => row.length)).toEqual([1, 2, 4, 8, 16]);
    expect(bracket[0]).toEqual([null]);
    expect(bracket[2]).toEqual([null, null, null, null]);
    expect(bracket[3]!.map((s) => s!.generalId)).toEqual([100, 102, 104, 106, 108, 110, 112, 114]);
    expect(bracket[4]!.map((s) => s!.won)).toEqual(Array.from({ length: 16 }, (_, i) => i % 2 === 0));
  });

  it('shows the fights printFighting shows at each stage and phase', () => {
    expect(fightGroups(0, 0)).toEqual([50]);
    expect(fightGroups(Stage.recruiting, 0)).toEqual([]);
    expect(fightGroups(Stage.qualifiers, 30)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(fightGroups(Stage.draw, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(fightGroups(Stage.draw, 1)).toEqual([]);
    expect(fightGroups(Stage.finalsGroups, 3)).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(fightGroups(Stage.seeding, 0)).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(fightGroups(Stage.betting, 0)).toEqual([]);
    expect(fightGroups(Stage.roundOf16, 7)).toEqual([20, 21, 22, 23, 24, 25, 26, 27]);
    expect(fightGroups(Stage.semiFinals, 0)).toEqual([30, 31, 32, 33]);
    expect(fightGroups(Stage.final, 0)).toEqual([40, 41]);
    expect(fightGroups(Stage.final, 1)).toEqual([]);
    const world = tournamentWorld(0);
    world.tournament!.stage = Stage.semiFinals;
    world.tournament!.fightLogs = { 30: ['● 갑 vs 을'], 20: ['● 지난 경기'] };
    expect(publicView(world).tournamentBoard!.fights).toEqual([{ grp: 30, lines: ['● 갑 vs 을'] }, { grp: 31, lines: [] }, { grp: 32, lines: [] }, { grp: 33, lines: [] }]);
  });

  it('shows everyone the stakes per candidate and the odds, and each general only its own stakes', () => {
    const world = tournamentWorld(70);
    openTournament(world, seededStreams(), world.env.turntime);
    runTournamentUntil(world, seededStreams(), world.tournament!.nextStep + 67 * MINUTE);
    expect(world.tournament!.stage).toBe(Stage.betting);
    const [x, y, z] = world.tournament!.betting!.candidates as [number, number, number];
    const [a, b, c] = [1, 2, 3].map((id) => world.generals.get(id)!) as [General, General, General];
    placeBet(world, a, x, 300);
    placeBet(world, b, x, 70);
    placeBet(world, a, y, 30);
    placeBet(world, a, y, 20);
    placeBet(world, c, z, 630);

    const board = publicView(world).tournamentBoard!;
    expect(board.stageName).toBe('베팅 진행중');
    expect(board.nextStepLabel).toBe('베팅마감');
    expect(board.betting!.total).toBe(1050);
    expect(board.betting!.candidates.map((k) => k.generalId)).toEqual(world.tournament!.betting!.candidates);
    // round(1050 / 370, 2) = 2.84, 1050 / 50 = 21, 1050 / 630 = 1.67; nobody on the others (the page's 0).
    expect(board.betting!.candidates.slice(0, 3).map((k) => [k.generalId, k.total, k.ratio])).toEqual([[x, 370, 2.84], [y, 50, 21], [z, 630, 1.67]]);
    expect(board.betting!.candidates.slice(3).every((k) => k.total === 0 && k.ratio === null)).toBe(true);
    expect(board.betting!.candidates[0]!.name).toBe(world.generals.get(x)!.name);
    // No single general's stake is in the board: 300 (a on x) and 70 (b on x) show only as 370.
    expect(Object.keys(board.betting!)).toEqual(['id', 'open', 'total', 'candidates']);
    expect(Object.keys(board.betting!.candidates[0]!)).toEqual(['generalId', 'name', 'npc', 'total', 'ratio']);
    expect(JSON.stringify(publicView(world))).not.toContain('"bets"');

    expect(seatView(world, 'user-1').tournament!.bets).toEqual([{ target: x, amount: 300 }, { target: y, amount: 50 }]);
    expect(seatView(world, 'user-2').tournament!.bets).toEqual([{ target: x, amount: 70 }]);
    expect(seatView(world, 'user-4').tournament!.bets).toEqual([]);
    expect(seatView(world, 'nobody').tournament).toBeNull();
  });

  it('tells a general whether it has entered and enters by itself', () => {
    const world = tournamentWorld(3);
    openTournament(world, seededStreams(), world.env.turntime);
    expect(seatView(world, 'user-1').tournament).toEqual({ entered: false, autoEntry: true, bets: [] });
    joinTournament(world, world.generals.get(1)!, seededStreams());
    setAutoEntry(world.tournament!, 2, false);
    expect(seatView(world, 'user-1').tournament!.entered).toBe(true);
    expect(seatView(world, 'user-2').tournament).toEqual({ entered: false, autoEntry: false, bets: [] });
    expect(seatView(smallWorld(), 'user-1').tournament).toBeNull();
  });
});
