import { asString, InvalidGame, type Json, type JsonObject } from '@chronicle/engine';
import { crewTypeOf } from '../stats/crew-types';
import { readStoredEvents } from '../world/stored-events';
import { arr, intArray, obj } from '../world/read-helpers';
import { itemOf } from '../items/catalog';
import {
  AUCTION, AUCTION_BID, AUCTION_HOUSE, CITY, DIPLOMACY_LETTER, GAME_ENV, GENERAL, LOG_ENTRY, MESSAGE, NATION, SCOUT_LETTER, TOURNAMENT, TOURNAMENT_ENTRY, TROOP,
} from '../world/entities';
import { custom, int, list, optional, readShape, shape, type Shape } from '../world/fields';
import type { Auction, AuctionHouse, City, Diplomacy, General, GeneralItems, Nation, TournamentEntry, Troop, World } from '../world/types';

/**
 * The world as plain JSON: entities sorted by id, so that equal worlds write equal
 * documents (the state hash depends on it).
 */
export function writeWorld(world: World): JsonObject {
  const nations = [...world.nations.values()].sort((a, b) => a.id - b.id);
  const generals = [...world.generals.values()].sort((a, b) => a.id - b.id);
  const diplomacy = [...world.diplomacy.entries()]
    .map(([key, d]) => {
      const [a, b] = key.split(':').map(Number) as [number, number];
      return [a, b, d.state, d.term, d.dead];
    })
    .sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
  return structuredClone({
    env: world.env,
    nations,
    cities: world.cities.slice(1),
    generals,
    diplomacy,
    logs: world.logs,
    history: world.history,
    letters: world.letters,
    scoutLetters: world.scoutLetters,
    troops: [...world.troops.values()].sort((a, b) => a.leader - b.leader),
    ...(world.tournament ? { tournament: world.tournament } : {}),
    ...(world.events ? { events: world.events } : {}),
    ...(world.auctions ? { auctions: world.auctions } : {}),
    ...(world.messages ? { messages: world.messages } : {}),
  }) as unknown as JsonObject;
}

/** Reads a stored world back, refusing with `InvalidGame` anything out of shape or inconsistent. */
export function readWorld(value: Json): World {
  const o = obj(value, 'data');
  const env = readShape(GAME_ENV, o.env, 'data.env');
  const cities: City[] = [undefined as unknown as City];
  arr(o.cities, 'data.cities').forEach((c, i) => {
    const city = readShape(CITY, c, `data.cities[${i}]`);
    if (city.id !== i + 1) throw new InvalidGame(`data.cities[${i}] has id ${city.id}; cities are numbered from 1 in order`);
    cities.push(city);
  });
  const nations = new Map<number, Nation>();
  arr(o.nations, 'data.nations').forEach((n, i) => {
    const nation = readShape(NATION, n, `data.nations[${i}]`);
    if (nations.has(nation.id)) throw new InvalidGame(`data.nations lists nation ${nation.id} twice`);
    nations.set(nation.id, nation);
  });
  const generals = new Map<number, General>();
  arr(o.generals, 'data.generals').forEach((g, i) => {
    const general = readShape(GENERAL_READ, g, `data.generals[${i}]`);
    if (generals.has(general.id)) throw new InvalidGame(`data.generals lists general ${general.id} twice`);
    generals.set(general.id, general);
  });
  const diplomacy = new Map<string, Diplomacy>();
  arr(o.diplomacy, 'data.diplomacy').forEach((row, i) => {
    const [a, b, state, term, dead] = intArray(row, `data.diplomacy[${i}]`, 5) as [number, number, number, number, number];
    diplomacy.set(`${a}:${b}`, { state, term, dead });
  });
  const world: World = {
    env,
    nations,
    cities,
    generals,
    diplomacy,
    logs: readList(LOG_ENTRY, o.logs, 'data.logs'),
    history: readList(LOG_ENTRY, o.history, 'data.history'),
    letters: readList(DIPLOMACY_LETTER, o.letters, 'data.letters'),
    scoutLetters: readList(SCOUT_LETTER, o.scoutLetters, 'data.scoutLetters'),
    troops: readTroops(o.troops),
    ...(o.tournament === undefined ? {} : { tournament: readShape(TOURNAMENT_READ, o.tournament, 'data.tournament') }),
    ...(o.events === undefined ? {} : { events: readStoredEvents(o.events, 'data.events') }),
    ...(o.auctions === undefined ? {} : { auctions: readAuctionHouse(o.auctions, 'data.auctions') }),
    ...(o.messages === undefined ? {} : { messages: readList(MESSAGE, o.messages, 'data.messages') }),
  };
  checkReferences(world);
  return world;
}

function checkReferences(world: World): void {
  const cityCount = world.cities.length - 1;
  for (const city of world.cities.slice(1)) {
    if (city.nation !== 0 && !world.nations.has(city.nation)) throw new InvalidGame(`city ${city.id} belongs to unknown nation ${city.nation}`);
    for (const n of city.neighbours) {
      if (n < 1 || n > cityCount) throw new InvalidGame(`city ${city.id} lists unknown neighbour ${n}`);
    }
  }
  for (const nation of world.nations.values()) {
    if (nation.capital !== 0 && (nation.capital > cityCount || nation.capital < 1)) {
      throw new InvalidGame(`nation ${nation.id} has unknown capital ${nation.capital}`);
    }
  }
  for (const g of world.generals.values()) {
    if (g.city < 1 || g.city > cityCount) throw new InvalidGame(`general ${g.id} stands in unknown city ${g.city}`);
    if (g.nation !== 0 && !world.nations.has(g.nation)) throw new InvalidGame(`general ${g.id} serves unknown nation ${g.nation}`);
    if (!crewTypeOf(g.crewtype)) throw new InvalidGame(`general ${g.id} has unknown crew type ${g.crewtype}`);
  }
  for (const key of world.diplomacy.keys()) {
    const [a, b] = key.split(':').map(Number) as [number, number];
    if (!world.nations.has(a) || !world.nations.has(b)) throw new InvalidGame(`diplomacy row ${key} names an unknown nation`);
  }
  for (const troop of world.troops.values()) {
    if (world.generals.get(troop.leader)?.troop !== troop.leader) throw new InvalidGame(`troop ${troop.leader} has no leader: general ${troop.leader} does not lead it`);
  }
}

const readList = <S extends Shape>(fields: S, value: unknown, path: string) => list(shape(fields)).read(value, path);

/** Items by slot, each a known item of its slot (the catalog's check on the declared field). */
const items = <T extends GeneralItems>() => optional(custom((value, p): T => {
  const o = obj(value, p);
  const out: GeneralItems = {};
  for (const slot of Object.keys(o)) {
    const key = asString(o[slot], `${p}.${slot}`);
    const item = itemOf(key);
    if (item === undefined) throw new InvalidGame(`${p}.${slot} is ${key}, not a known item`);
    if (item.slot !== slot) throw new InvalidGame(`${p}.${slot} holds ${key}, an item of the ${item.slot} slot`);
    out[item.slot] = key;
  }
  return out as T;
}));

const GENERAL_READ = { ...GENERAL, items: items<NonNullable<General['items']>>() };
const TOURNAMENT_READ = { ...TOURNAMENT, entries: list(shape({ ...TOURNAMENT_ENTRY, items: items<NonNullable<TournamentEntry['items']>>() })) };

/** Worlds written before troops were kept have none. */
function readTroops(value: unknown): Map<number, Troop> {
  const troops = new Map<number, Troop>();
  if (value === undefined) return troops;
  arr(value, 'data.troops').forEach((t, i) => {
    const troop = readShape(TROOP, t, `data.troops[${i}]`);
    if (troops.has(troop.leader)) throw new InvalidGame(`data.troops lists the troop of general ${troop.leader} twice`);
    troops.set(troop.leader, troop);
  });
  return troops;
}

/** The house bounds its auctions' ids and bid numbers, and each bid outbids the one before. */
function readAuctionHouse(value: unknown, p: string): AuctionHouse {
  const o = obj(value, p);
  const { now, nextId, nextBidNo } = readShape({ now: AUCTION_HOUSE.now, nextId: AUCTION_HOUSE.nextId, nextBidNo: AUCTION_HOUSE.nextBidNo }, o, p);
  const bid = shape({ ...AUCTION_BID, no: int(1, nextBidNo - 1) });
  const auction = custom((a, ap): Auction => {
    const read = readShape({ ...AUCTION, id: int(1, nextId - 1), bids: list(bid) }, a, ap);
    read.bids.forEach((b, i) => {
      if (i > 0 && b.amount <= read.bids[i - 1]!.amount) throw new InvalidGame(`${ap}.bids[${i}].amount must be higher than the bid before it`);
    });
    return read;
  });
  const house: AuctionHouse = { now, nextId, nextBidNo, open: list(auction).read(o.open, `${p}.open`) };
  if (new Set(house.open.map((a) => a.id)).size !== house.open.length) throw new InvalidGame(`${p}.open lists an auction twice`);
  return house;
}
