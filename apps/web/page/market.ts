import { button, numberInput, row, text } from './dom';
import { num, realTime, t } from './i18n';
import { playerApi, Refusal, type AuctionList, type AuctionLot, type AuctionOpening, type OwnTournament, type TournamentBoard, type TournamentRow } from './player-api';

/** The stakes the legacy's betting page offers (b_betting: 금10 … 금500, 최대 = 1,000, the most one general stakes). */
const STAKES = [10, 20, 50, 100, 200, 500, 1000];
/** The tournament's betting stage (legacy `tournament` 6): the only one that takes bets. */
const BETTING_STAGE = 6;
const RECRUITING_STAGE = 1;

export interface MarketContext {
  me: { id: number };
  /** A write, then the panel read again; a refusal is shown in the game's words. */
  act(write: () => Promise<unknown>): Promise<void>;
}

/**
 * The market (legacy Auction and Betting): the open resource auctions with a bid form on each
 * lot another general opened, a form to open one (GetActiveResourceAuctionList, Open/Bid*),
 * and the tournament as b_tournament and b_betting show it — stage, bracket, the stakes per
 * candidate with the odds and the caller's own, the 참가 button and the betting form.
 */
export async function marketPanel(here: string, ctx: MarketContext): Promise<HTMLElement> {
  const box = document.createElement('div');
  box.id = 'market';
  const [auctions, board, own] = await Promise.all([
    playerApi.auctions(here).catch(absent),
    playerApi.tournament(here).catch(absent),
    playerApi.ownTournament(here).catch(absent),
  ]);
  box.append(auctionSection(here, ctx, auctions), tournamentSection(here, ctx, board, own));
  return box;
}

/** A read the world does not serve (auctions or tournaments off: 404) is none; anything else is an error. */
function absent(error: unknown): null {
  if (error instanceof Refusal && error.status === 404) return null;
  throw error;
}

function auctionSection(here: string, ctx: MarketContext, list: AuctionList | null): HTMLElement {
  const section = document.createElement('div');
  section.id = 'auctions';
  section.append(text('h3', t('auctions')));
  if (!list) {
    section.append(text('p', t('auctionNone')));
    return section;
  }
  for (const [kind, words] of [['buyRice', 'auctionRice'], ['sellRice', 'auctionGold']] as const) {
    const table = document.createElement('table');
    table.id = `auctions-${kind}`;
    table.append(row([t('auctionNo'), t('auctionHost'), t('auctionAmount'), t('auctionStart'), t('auctionFinish'), t('auctionHighest'), t('auctionClose'), '']));
    for (const lot of list[kind]) table.append(lotRow(here, ctx, lot));
    if (list[kind].length === 0) table.append(row([t('none')]));
    const scroll = document.createElement('div');
    scroll.className = 'scroll';
    scroll.append(table);
    section.append(text('h4', t(words)), scroll);
  }
  section.append(openForm(here, ctx));
  const log = document.createElement('div');
  log.className = 'lines';
  log.id = 'auction-log';
  for (const l of [...list.recentLogs].reverse()) log.append(text('div', l.text.replace(/<\/?[A-Za-z0-9]*>/g, '')));
  section.append(text('h4', t('auctionLog')), log);
  return section;
}

function lotRow(here: string, ctx: MarketContext, lot: AuctionLot): HTMLTableRowElement {
  const bid = lot.highestBid;
  const highest = bid ? `${num(bid.amount)} (${bid.generalName ?? `#${bid.generalId}`})` : '-';
  let action: string | Node = t('auctionOwn');
  if (lot.hostGeneralId !== ctx.me.id) {
    const form = document.createElement('span');
    const least = bid ? bid.amount + 1 : lot.startBidAmount;
    const amount = numberInput(`bid-amount-${lot.id}`, least, lot.finishBidAmount, least);
    amount.setAttribute('aria-label', `${t('auctionBid')} ${lot.id}`);
    form.append(amount, ' ', button(t('auctionBid'), () => void ctx.act(() => playerApi.bid(here, lot.id, Number(amount.value))).catch(() => undefined), `bid-${lot.id}`));
    action = form;
  }
  const tr = row([String(lot.id), lot.hostName ?? `#${lot.hostGeneralId}`, num(lot.amount), num(lot.startBidAmount), num(lot.finishBidAmount), highest, realTime(lot.closeDate), action]);
  tr.dataset.auction = String(lot.id);
  return tr;
}

function openForm(here: string, ctx: MarketContext): HTMLElement {
  const form = document.createElement('div');
  form.id = 'auction-open-form';
  const kind = document.createElement('select');
  kind.id = 'auction-open-kind';
  kind.setAttribute('aria-label', t('auctionKind'));
  for (const [value, words] of [['buyRice', 'auctionRice'], ['sellRice', 'auctionGold']] as const) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = t(words);
    kind.append(o);
  }
  // The legacy's bounds (openResourceAuction): 100–10,000; start 50–200 %, buy-out 110–200 % and ≥ 110 % of the start; 1–24 turns.
  const field = (id: string, label: Parameters<typeof t>[0], value: number, min: number, max: number) => {
    const input = numberInput(`auction-open-${id}`, min, max, value);
    const wrap = document.createElement('label');
    wrap.append(`${t(label)} `, input, ' ');
    return { input, wrap };
  };
  const amount = field('amount', 'auctionAmount', 100, 100, 10_000);
  const turns = field('turns', 'auctionTurns', 12, 1, 24);
  const start = field('start', 'auctionStart', 100, 50, 20_000);
  const finish = field('finish', 'auctionFinish', 200, 110, 20_000);
  const open = () => {
    const lot: AuctionOpening = {
      kind: kind.value as AuctionOpening['kind'], amount: Number(amount.input.value), closeTurnCnt: Number(turns.input.value),
      startBidAmount: Number(start.input.value), finishBidAmount: Number(finish.input.value),
    };
    void ctx.act(() => playerApi.openAuction(here, lot)).catch(() => undefined);
  };
  form.append(text('h4', t('auctionOpen')), kind, ' ', amount.wrap, turns.wrap, start.wrap, finish.wrap, button(t('auctionOpen'), open, 'auction-open'));
  return form;
}

function tournamentSection(here: string, ctx: MarketContext, board: TournamentBoard | null, own: OwnTournament | null): HTMLElement {
  const section = document.createElement('div');
  section.id = 'tournament';
  section.append(text('h3', t('tournament')));
  if (!board) {
    section.append(text('p', t('tournamentNone')));
    return section;
  }
  const when = board.nextStepLabel ? `, ${board.nextStepLabel} ${realTime(board.nextStep)}` : '';
  const state = text('div', `${board.kindName} (${board.stageName}${when}, ${t('tournamentGame', { n: board.stepSeconds })})`);
  state.id = 'tournament-state';
  section.append(state);
  if (own) {
    const mine = document.createElement('div');
    if (own.entered) mine.append(text('span', t('tournamentEntered')), ' ');
    else if (board.stage === RECRUITING_STAGE) {
      mine.append(button(t('tournamentEnter', { fee: board.entryFee }), () => void ctx.act(() => playerApi.joinTournament(here)).catch(() => undefined), 'tournament-join'), ' ');
    }
    mine.append(button(t(own.autoEntry ? 'tournamentHand' : 'tournamentAuto'), () => void ctx.act(() => playerApi.tournamentAutoEntry(here, !own.autoEntry)).catch(() => undefined), 'tournament-auto'));
    section.append(mine);
  }
  const bracket = document.createElement('div');
  bracket.id = 'tournament-bracket';
  for (const seats of board.bracket) {
    const line = document.createElement('div');
    for (const seat of seats) {
      const span = text('span', seat ? seat.name : '-');
      if (seat?.won) span.className = 'won';
      line.append(span, ' ');
    }
    bracket.append(line);
  }
  section.append(text('h4', t('tournamentBracket')), bracket);
  if (board.betting) section.append(bettingTable(here, ctx, board, own));
  section.append(groups(t('tournamentFinals'), board.finals, board.statName), groups(t('tournamentQualifiers'), board.qualifiers, board.statName));
  if (board.fights.some((f) => f.lines.length > 0)) {
    const fights = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = t('tournamentFights');
    fights.append(summary);
    for (const f of board.fights) for (const l of f.lines) fights.append(text('div', l.replace(/<\/?[A-Za-z0-9]*>/g, '')));
    section.append(fights);
  }
  return section;
}

/** b_betting: each candidate's odds, the caller's stake on it, and while betting is open a stake to place. */
function bettingTable(here: string, ctx: MarketContext, board: TournamentBoard, own: OwnTournament | null): HTMLElement {
  const betting = board.betting!;
  const mine = new Map((own?.bets ?? []).map((b) => [b.target, b.amount]));
  const total = [...mine.values()].reduce((a, b) => a + b, 0);
  const wrap = document.createElement('div');
  wrap.id = 'betting';
  wrap.append(text('h4', t('tournamentBetting')), text('div', t('tournamentTotal', { total: betting.total, mine: total })));
  const table = document.createElement('table');
  table.append(row([t('name'), t('tournamentOdds'), t('tournamentStake'), '']));
  const open = betting.open && board.stage === BETTING_STAGE && own !== null;
  for (const c of betting.candidates) {
    let action: string | Node = '';
    if (open) {
      const stake = document.createElement('select');
      stake.id = `bet-amount-${c.generalId}`;
      stake.setAttribute('aria-label', `${t('tournamentStake')} ${c.name}`);
      for (const amount of STAKES) {
        const o = document.createElement('option');
        o.value = String(amount);
        o.textContent = amount === 1000 ? t('tournamentMax') : `${t('gold')} ${amount}`;
        stake.append(o);
      }
      const bet = button(t('tournamentBet'), () => void ctx.act(() => playerApi.bet(here, c.generalId, Number(stake.value))).catch(() => undefined), `bet-${c.generalId}`);
      const span = document.createElement('span');
      span.append(stake, ' ', bet);
      action = span;
    }
    const tr = row([c.name, c.ratio === null ? '0' : String(c.ratio), num(mine.get(c.generalId) ?? 0), action]);
    tr.dataset.candidate = String(c.generalId);
    table.append(tr);
  }
  const scroll = document.createElement('div');
  scroll.className = 'scroll';
  scroll.append(table);
  wrap.append(scroll);
  return wrap;
}

function groups(title: string, tables: TournamentRow[][], statName: string): HTMLElement {
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = title;
  details.append(summary);
  tables.forEach((rows, i) => {
    if (rows.length === 0) return;
    const table = document.createElement('table');
    table.append(row([`${i + 1}조`, t('name'), statName, '경', '승', '무', '패', '점', '득']));
    rows.forEach((r, k) => table.append(row([String(k + 1), r.name, String(r.stat), String(r.games), String(r.win), String(r.draw), String(r.lose), String(r.points), String(r.gl)])));
    details.append(table);
  });
  return details;
}
