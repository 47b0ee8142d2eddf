import { InvalidGame, type Json, type JsonObject } from '@chronicle/engine';
import { crewTypeOf } from '../stats/crew-types';
import { readStoredEvents } from '../world/stored-events';
import { GameConst } from '../world/constants';
import { arr, int, intArray, intRecord, json, nullableInt, nullableStr, num, obj, str, strArray, type Fields } from '../world/read-helpers';
import { itemOf } from '../items/catalog';
import { DEFAULT_NATION_POLICY, readPolicyChanges } from '../world/policy';
import type {
  Auction, AuctionHouse, City, CommandLists, Diplomacy, DiplomacyLetter, GameEnv, General, GeneralAux, GeneralItems, InheritanceStore, LastTurn, LogEntry, Nation, NationAux, ScoutLetter,
  Tournament, TournamentBetting, TournamentEntry, Troop, TurnSlot, World,
} from '../world/types';

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
  }) as unknown as JsonObject;
}

/** Reads a stored world back, refusing with `InvalidGame` anything out of shape or inconsistent. */
export function readWorld(value: Json): World {
  const o = obj(value, 'data');
  const env = readEnv(o.env);
  const cities: City[] = [undefined as unknown as City];
  arr(o.cities, 'data.cities').forEach((c, i) => {
    const city = readCity(c, `data.cities[${i}]`);
    if (city.id !== i + 1) throw new InvalidGame(`data.cities[${i}] has id ${city.id}; cities are numbered from 1 in order`);
    cities.push(city);
  });
  const nations = new Map<number, Nation>();
  arr(o.nations, 'data.nations').forEach((n, i) => {
    const nation = readNation(n, `data.nations[${i}]`);
    if (nations.has(nation.id)) throw new InvalidGame(`data.nations lists nation ${nation.id} twice`);
    nations.set(nation.id, nation);
  });
  const generals = new Map<number, General>();
  arr(o.generals, 'data.generals').forEach((g, i) => {
    const general = readGeneral(g, `data.generals[${i}]`);
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
    logs: arr(o.logs, 'data.logs').map((e, i) => readLog(e, `data.logs[${i}]`)),
    history: arr(o.history, 'data.history').map((e, i) => readLog(e, `data.history[${i}]`)),
    letters: arr(o.letters, 'data.letters').map((e, i) => readLetter(e, `data.letters[${i}]`)),
    scoutLetters: arr(o.scoutLetters, 'data.scoutLetters').map((e, i) => readScoutLetter(e, `data.scoutLetters[${i}]`)),
    troops: readTroops(o.troops),
    ...(o.tournament === undefined ? {} : { tournament: readTournament(o.tournament, 'data.tournament') }),
    ...(o.events === undefined ? {} : { events: readStoredEvents(o.events, 'data.events') }),
    ...(o.auctions === undefined ? {} : { auctions: readAuctionHouse(o.auctions, 'data.auctions') }),
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

function readEnv(value: unknown): GameEnv {
  const p = 'data.env';
  const o = obj(value, p);
  const joinMode = str(o, 'joinMode', p);
  if (joinMode !== 'full' && joinMode !== 'onlyRandom') throw new InvalidGame(`${p}.joinMode must be full or onlyRandom`);
  let statistic: GameEnv['statistic'] = null;
  if (o.statistic !== null) {
    const s = obj(o.statistic, `${p}.statistic`);
    const sp = `${p}.statistic`;
    statistic = { year: int(s, 'year', sp), nations: int(s, 'nations', sp, 0), generals: int(s, 'generals', sp, 0), power: int(s, 'power', sp) };
  }
  return {
    scenarioId: int(o, 'scenarioId', p),
    title: str(o, 'title', p),
    startyear: int(o, 'startyear', p),
    year: int(o, 'year', p),
    month: int(o, 'month', p, 1, 12),
    turnterm: int(o, 'turnterm', p, 1, 1440),
    turntime: num(o, 'turntime', p),
    starttime: num(o, 'starttime', p),
    killturn: int(o, 'killturn', p, 0),
    develcost: int(o, 'develcost', p, 0),
    isunited: int(o, 'isunited', p, 0, 3),
    fiction: int(o, 'fiction', p, 0, 1),
    npcmode: int(o, 'npcmode', p, 0, 2),
    maxgeneral: int(o, 'maxgeneral', p, 0),
    cityRate: int(o, 'cityRate', p, 0, 100),
    conlimit: int(o, 'conlimit', p, 0),
    autorunLimitMinutes: int(o, 'autorunLimitMinutes', p, 0),
    joinMode,
    statistic,
    generalTurns: int(o, 'generalTurns', p, 0),
    nextGeneralId: int(o, 'nextGeneralId', p, 1),
    nextNationId: int(o, 'nextNationId', p, 1),
    nextLetterId: int(o, 'nextLetterId', p, 1),
    // Absent, not null, in a world without chapters, so that its state hashes as before.
    ...(o.chapterEnd === undefined ? {} : { chapterEnd: int(o, 'chapterEnd', p, 0) }),
    ...(o.lastNPCTroopLeaderID === undefined ? {} : { lastNPCTroopLeaderID: int(o, 'lastNPCTroopLeaderID', p, 1) }),
    ...(o.invaders === undefined ? {} : { invaders: { offers: intArray(obj(o.invaders, `${p}.invaders`).offers, `${p}.invaders.offers`) } }),
    ...(o.commandLists === undefined ? {} : { commandLists: readCommandLists(o.commandLists, `${p}.commandLists`) }),
    ...(o.instantRetreat === undefined ? {} : { instantRetreat: readTrue(o.instantRetreat, `${p}.instantRetreat`) }),
  };
}

function readCommandLists(value: unknown, p: string): CommandLists {
  const o = obj(value, p);
  return { general: strArray(o.general, `${p}.general`), chief: strArray(o.chief, `${p}.chief`) };
}

function readTrue(value: unknown, p: string): true {
  if (value !== true) throw new InvalidGame(`${p} is true when present`);
  return true;
}

function readSlots(value: unknown, path: string, length: number): TurnSlot[] {
  const slots = arr(value, path);
  if (slots.length !== length) throw new InvalidGame(`${path} must hold ${length} slots, got ${slots.length}`);
  return slots.map((s, i) => {
    const o = obj(s, `${path}[${i}]`);
    return { action: str(o, 'action', `${path}[${i}]`), arg: json(o, 'arg', `${path}[${i}]`) };
  });
}

function readLastTurn(value: unknown, path: string): LastTurn {
  const o = obj(value, path);
  const last: LastTurn = { command: str(o, 'command', path), arg: json(o, 'arg', path), term: int(o, 'term', path, 0) };
  if (o.seq !== undefined) last.seq = int(o, 'seq', path, 0);
  return last;
}

function readNation(value: unknown, p: string): Nation {
  const o = obj(value, p);
  const lastTurn: Record<number, LastTurn> = {};
  for (const [level, last] of Object.entries(obj(o.lastTurn, `${p}.lastTurn`))) {
    const n = Number(level);
    if (!Number.isInteger(n) || n < 5 || n > 12) throw new InvalidGame(`${p}.lastTurn has an entry for level ${level}; chiefs are levels 5 to 12`);
    lastTurn[n] = readLastTurn(last, `${p}.lastTurn.${level}`);
  }
  const chiefQueues: Record<number, TurnSlot[]> = {};
  for (const [level, slots] of Object.entries(obj(o.chiefQueues, `${p}.chiefQueues`))) {
    const n = Number(level);
    if (!Number.isInteger(n) || n < 5 || n > 12) throw new InvalidGame(`${p}.chiefQueues has a queue for level ${level}; chiefs are levels 5 to 12`);
    chiefQueues[n] = readSlots(slots, `${p}.chiefQueues.${level}`, GameConst.maxChiefTurn);
  }
  const nation: Nation = {
    id: int(o, 'id', p, 1),
    name: str(o, 'name', p),
    color: str(o, 'color', p),
    capital: int(o, 'capital', p, 0),
    gold: num(o, 'gold', p, 0),
    rice: num(o, 'rice', p, 0),
    bill: int(o, 'bill', p, 0, 200),
    rate: int(o, 'rate', p, 0, 100),
    rateTmp: int(o, 'rateTmp', p, 0, 100),
    tech: num(o, 'tech', p, 0),
    power: int(o, 'power', p),
    level: int(o, 'level', p, 0, 7),
    type: str(o, 'type', p),
    gennum: int(o, 'gennum', p, 0),
    chiefSet: int(o, 'chiefSet', p),
    scout: int(o, 'scout', p, 0, 1),
    war: int(o, 'war', p, 0, 1),
    strategicCmdLimit: int(o, 'strategicCmdLimit', p),
    surlimit: int(o, 'surlimit', p),
    lastTurn,
    nextExecute: intRecord(o.nextExecute, `${p}.nextExecute`),
    prevIncomeGold: num(o, 'prevIncomeGold', p),
    prevIncomeRice: num(o, 'prevIncomeRice', p),
    maxPower: int(o, 'maxPower', p),
    availableWarSettingCnt: int(o, 'availableWarSettingCnt', p, 0),
    capset: int(o, 'capset', p, 0),
    spy: intRecord(o.spy, `${p}.spy`),
    aux: readNationAux(o.aux, `${p}.aux`),
    chiefQueues,
  };
  if (o.capitalMoveTrial !== undefined) {
    const trial = obj(o.capitalMoveTrial, `${p}.capitalMoveTrial`);
    nation.capitalMoveTrial = { level: int(trial, 'level', `${p}.capitalMoveTrial`, 5, 12), turntime: num(trial, 'turntime', `${p}.capitalMoveTrial`) };
  }
  if (o.aidReceived !== undefined) {
    nation.aidReceived = arr(o.aidReceived, `${p}.aidReceived`).map((pair, i) => {
      const row = intArray(pair, `${p}.aidReceived[${i}]`, 2);
      return [row[0]!, row[1]!];
    });
  }
  if (o.aidAnswered !== undefined) nation.aidAnswered = intRecord(o.aidAnswered, `${p}.aidAnswered`);
  if (o.pactOffered !== undefined) nation.pactOffered = intRecord(o.pactOffered, `${p}.pactOffered`);
  if (o.policy !== undefined) {
    const reading = readPolicyChanges(o.policy, DEFAULT_NATION_POLICY);
    if ('problem' in reading) throw new InvalidGame(`${p}.policy: ${reading.problem}`);
    nation.policy = reading.policy;
  }
  return nation;
}

const NATION_AUX_KEYS = ['can_국기변경', 'can_국호변경', 'can_무작위수도이전'] as const;

function readNationAux(value: unknown, p: string): NationAux {
  const flags = intRecord(value, p);
  for (const key of Object.keys(flags)) {
    if (!(NATION_AUX_KEYS as readonly string[]).includes(key)) throw new InvalidGame(`${p} has an unknown key ${key}; known: ${NATION_AUX_KEYS.join(', ')}`);
  }
  return flags;
}

function readCity(value: unknown, p: string): City {
  const o = obj(value, p);
  return {
    id: int(o, 'id', p, 1),
    name: str(o, 'name', p),
    level: int(o, 'level', p, 1, 8),
    region: int(o, 'region', p, 0),
    nation: int(o, 'nation', p, 0),
    supply: int(o, 'supply', p, 0, 1),
    front: int(o, 'front', p, 0, 3),
    pop: int(o, 'pop', p, 0),
    popMax: int(o, 'popMax', p, 0),
    agri: int(o, 'agri', p, 0),
    agriMax: int(o, 'agriMax', p, 0),
    comm: int(o, 'comm', p, 0),
    commMax: int(o, 'commMax', p, 0),
    secu: int(o, 'secu', p, 0),
    secuMax: int(o, 'secuMax', p, 0),
    def: int(o, 'def', p, 0),
    defMax: int(o, 'defMax', p, 0),
    wall: int(o, 'wall', p, 0),
    wallMax: int(o, 'wallMax', p, 0),
    trust: num(o, 'trust', p, 0, 100),
    trade: nullableInt(o, 'trade', p, 0, 200),
    dead: int(o, 'dead', p, 0),
    state: int(o, 'state', p, 0),
    term: int(o, 'term', p),
    officerSet: int(o, 'officerSet', p),
    neighbours: intArray(o.neighbours, `${p}.neighbours`),
    conflict: readConflict(o.conflict, `${p}.conflict`),
    ...(o.expanded === undefined ? {} : { expanded: int(o, 'expanded', p, 1) }),
  };
}

function readConflict(value: unknown, p: string): [number, number][] {
  return arr(value, p).map((entry, i) => {
    const pair = arr(entry, `${p}[${i}]`);
    if (pair.length !== 2) throw new InvalidGame(`${p}[${i}] must be [nation, share]`);
    return [int({ n: pair[0] }, 'n', `${p}[${i}]`, 1), num({ s: pair[1] }, 's', `${p}[${i}]`, 0)];
  });
}

function readAux(value: unknown, p: string): GeneralAux {
  const o = obj(value, p);
  const aux: GeneralAux = {};
  for (const key of Object.keys(o)) {
    if (key === 'autorunLimit' || key === 'nextTurnTimeBase' || key === 'armType' || key === 'maxDomesticCritical' || key === 'last발령' || key === 'max_belong' || key === 'movingTargetCityID' || key === 'remain환약') {
      aux[key] = num(o, key, p);
    } else if (key === 'joinedNations') {
      aux.joinedNations = intArray(o.joinedNations, `${p}.joinedNations`);
    } else if (key === 'prev_types_special' || key === 'prev_types_special2') {
      aux[key] = strArray(o[key], `${p}.${key}`);
    } else {
      throw new InvalidGame(`${p}.${key} is not a general aux field`);
    }
  }
  return aux;
}

const INHERITANCE_KEYS = ['lived_month', 'max_domestic_critical', 'active_action', 'unifier'] as const;

function readInheritance(value: unknown, p: string): InheritanceStore {
  const o = obj(value, p);
  const store: InheritanceStore = {};
  for (const key of Object.keys(o)) {
    if (!(INHERITANCE_KEYS as readonly string[]).includes(key)) throw new InvalidGame(`${p}.${key} is not an inheritance point kind (${INHERITANCE_KEYS.join(', ')})`);
    store[key as keyof InheritanceStore] = num(o, key, p, 0);
  }
  return store;
}

function readItems(value: unknown, p: string): GeneralItems {
  const o = obj(value, p);
  const items: GeneralItems = {};
  for (const slot of Object.keys(o)) {
    const key = str(o, slot, p);
    const item = itemOf(key);
    if (item === undefined) throw new InvalidGame(`${p}.${slot} is ${key}, not a known item`);
    if (item.slot !== slot) throw new InvalidGame(`${p}.${slot} holds ${key}, an item of the ${item.slot} slot`);
    items[item.slot] = key;
  }
  return items;
}

function readGeneral(value: unknown, p: string): General {
  const o = obj(value, p);
  const r = obj(o.rank, `${p}.rank`);
  const rp = `${p}.rank`;
  const stat = (key: string) => int(o, key, p, 0, GameConst.maxLevel);
  return {
    id: int(o, 'id', p, 1),
    owner: nullableStr(o, 'owner', p),
    ownerName: nullableStr(o, 'ownerName', p),
    name: str(o, 'name', p),
    npc: int(o, 'npc', p, 0, 9),
    npcOrg: int(o, 'npcOrg', p, 0, 9),
    affinity: int(o, 'affinity', p, 0, 999),
    bornyear: int(o, 'bornyear', p),
    deadyear: int(o, 'deadyear', p),
    age: int(o, 'age', p, 0),
    nation: int(o, 'nation', p, 0),
    city: int(o, 'city', p, 1),
    troop: int(o, 'troop', p, 0),
    officerLevel: int(o, 'officerLevel', p, 0, 12),
    officerCity: int(o, 'officerCity', p, 0),
    belong: int(o, 'belong', p, 0),
    betray: int(o, 'betray', p, 0, 9),
    makelimit: int(o, 'makelimit', p),
    leadership: stat('leadership'),
    strength: stat('strength'),
    intel: stat('intel'),
    leadershipExp: int(o, 'leadershipExp', p),
    strengthExp: int(o, 'strengthExp', p),
    intelExp: int(o, 'intelExp', p),
    injury: int(o, 'injury', p, 0, GameConst.maxInjury),
    experience: int(o, 'experience', p, 0),
    dedication: int(o, 'dedication', p, 0),
    explevel: int(o, 'explevel', p, 0),
    dedlevel: int(o, 'dedlevel', p, 0),
    gold: num(o, 'gold', p, 0),
    rice: num(o, 'rice', p, 0),
    crew: int(o, 'crew', p, 0),
    crewtype: int(o, 'crewtype', p, 0),
    train: int(o, 'train', p, 0, 150),
    atmos: int(o, 'atmos', p, 0, 150),
    defenceTrain: int(o, 'defenceTrain', p, 0),
    dex: intArray(o.dex, `${p}.dex`, 6),
    personal: nullableStr(o, 'personal', p),
    special: nullableStr(o, 'special', p),
    specage: int(o, 'specage', p, 0),
    special2: nullableStr(o, 'special2', p),
    specage2: int(o, 'specage2', p, 0),
    ...(o.items === undefined ? {} : { items: readItems(o.items, `${p}.items`) }),
    turntime: num(o, 'turntime', p),
    // Worlds written before the field was kept have no battle recorded.
    // Epoch ms with the battle phase in the thousandths (legacy's microseconds): not an integer.
    recentWar: o.recentWar === undefined || o.recentWar === null ? null : num(o, 'recentWar', p, 0),
    killturn: int(o, 'killturn', p),
    block: int(o, 'block', p, 0, 3),
    myset: int(o, 'myset', p, 0, 9),
    lastTurn: readLastTurn(o.lastTurn, `${p}.lastTurn`),
    aux: readAux(o.aux, `${p}.aux`),
    rank: {
      warnum: int(r, 'warnum', rp, 0),
      killnum: int(r, 'killnum', rp, 0),
      deathnum: int(r, 'deathnum', rp, 0),
      killcrew: int(r, 'killcrew', rp, 0),
      deathcrew: int(r, 'deathcrew', rp, 0),
      killcrewPerson: int(r, 'killcrewPerson', rp, 0),
      deathcrewPerson: int(r, 'deathcrewPerson', rp, 0),
      occupied: int(r, 'occupied', rp, 0),
      firenum: int(r, 'firenum', rp, 0),
      inheritEarned: int(r, 'inheritEarned', rp, 0),
    },
    inheritance: readInheritance(o.inheritance, `${p}.inheritance`),
    nextExecute: intRecord(o.nextExecute, `${p}.nextExecute`),
    queue: readSlots(o.queue, `${p}.queue`, GameConst.maxTurn),
  };
}

const LETTER_KINDS = ['nonAggression', 'peace', 'breakNonAggression'] as const;

function readLetter(value: unknown, p: string): DiplomacyLetter {
  const o = obj(value, p);
  const kind = str(o, 'kind', p) as DiplomacyLetter['kind'];
  if (!LETTER_KINDS.includes(kind)) throw new InvalidGame(`${p}.kind must be one of ${LETTER_KINDS.join(', ')}`);
  let until: DiplomacyLetter['until'] = null;
  if (o.until !== null) {
    const u = obj(o.until, `${p}.until`);
    until = { year: int(u, 'year', `${p}.until`), month: int(u, 'month', `${p}.until`, 1, 12) };
  }
  return {
    id: int(o, 'id', p, 1), kind, fromNation: int(o, 'fromNation', p, 1), toNation: int(o, 'toNation', p, 1),
    fromGeneral: int(o, 'fromGeneral', p, 1), until, validUntil: int(o, 'validUntil', p, 0),
  };
}

function readScoutLetter(value: unknown, p: string): ScoutLetter {
  const o = obj(value, p);
  return { id: int(o, 'id', p, 1), fromGeneral: int(o, 'fromGeneral', p, 1), fromNation: int(o, 'fromNation', p, 1), toGeneral: int(o, 'toGeneral', p, 1) };
}

/** Worlds written before troops were kept have none. */
function readTroops(value: unknown): Map<number, Troop> {
  const troops = new Map<number, Troop>();
  if (value === undefined) return troops;
  arr(value, 'data.troops').forEach((t, i) => {
    const p = `data.troops[${i}]`;
    const o = obj(t, p);
    const troop = { leader: int(o, 'leader', p, 1), nation: int(o, 'nation', p, 1), name: str(o, 'name', p) };
    if (troops.has(troop.leader)) throw new InvalidGame(`data.troops lists the troop of general ${troop.leader} twice`);
    troops.set(troop.leader, troop);
  });
  return troops;
}

function readLog(value: unknown, p: string): LogEntry {
  const o: Fields = obj(value, p);
  const scope = str(o, 'scope', p);
  if (scope !== 'general' && scope !== 'nation' && scope !== 'world' && scope !== 'auction') throw new InvalidGame(`${p}.scope must be general, nation, world or auction`);
  return { year: int(o, 'year', p), month: int(o, 'month', p, 1, 12), scope, subject: int(o, 'subject', p, 0), text: str(o, 'text', p) };
}

function readTournamentEntry(value: unknown, p: string): TournamentEntry {
  const o = obj(value, p);
  const stat = (key: string) => int(o, key, p, 0, GameConst.maxLevel);
  return {
    generalId: int(o, 'generalId', p, 0),
    npc: int(o, 'npc', p, 0, 9),
    name: str(o, 'name', p),
    leadership: stat('leadership'),
    strength: stat('strength'),
    intel: stat('intel'),
    lvl: int(o, 'lvl', p, 0),
    grp: int(o, 'grp', p, 0, 60),
    grpNo: int(o, 'grpNo', p, 0, 7),
    win: int(o, 'win', p, 0),
    draw: int(o, 'draw', p, 0),
    lose: int(o, 'lose', p, 0),
    gl: int(o, 'gl', p),
    prmt: int(o, 'prmt', p, 0, 4),
    ...(o.items === undefined ? {} : { items: readItems(o.items, `${p}.items`) }),
  };
}

function readTournamentBetting(value: unknown, p: string): TournamentBetting {
  const o = obj(value, p);
  if (typeof o.open !== 'boolean') throw new InvalidGame(`${p}.open must be true or false`);
  return {
    id: int(o, 'id', p, 1),
    candidates: intArray(o.candidates, `${p}.candidates`),
    bets: arr(o.bets, `${p}.bets`).map((b, i) => {
      const bp = `${p}.bets[${i}]`;
      const row = obj(b, bp);
      return { generalId: int(row, 'generalId', bp, 1), target: int(row, 'target', bp, 1), amount: int(row, 'amount', bp, 1) };
    }),
    open: o.open,
  };
}

function readTournament(value: unknown, p: string): Tournament {
  const o = obj(value, p);
  if (typeof o.autoOpen !== 'boolean') throw new InvalidGame(`${p}.autoOpen must be true or false`);
  const fightLogs: Record<number, string[]> = {};
  const logs = obj(o.fightLogs, `${p}.fightLogs`);
  for (const grp of Object.keys(logs)) {
    if (!/^(0|[1-9][0-9]?)$/.test(grp)) throw new InvalidGame(`${p}.fightLogs has group ${grp}; groups are 0 to 60`);
    fightLogs[Number(grp)] = arr(logs[grp], `${p}.fightLogs.${grp}`).map((line, i) => str({ line }, 'line', `${p}.fightLogs.${grp}[${i}]`));
  }
  const records: Record<number, Record<string, number>> = {};
  const rows = obj(o.records, `${p}.records`);
  for (const id of Object.keys(rows)) {
    if (!/^[1-9][0-9]*$/.test(id)) throw new InvalidGame(`${p}.records has key ${id}; records are by general id`);
    records[Number(id)] = intRecord(rows[id], `${p}.records.${id}`);
  }
  return {
    autoOpen: o.autoOpen,
    stage: int(o, 'stage', p, 0, 10),
    phase: int(o, 'phase', p, 0, 55),
    kind: int(o, 'kind', p, 0, 3),
    nextStep: int(o, 'nextStep', p, 0),
    opened: int(o, 'opened', p, 0),
    pattern: intArray(o.pattern, `${p}.pattern`).map((k, i) => {
      if (k < 0 || k > 3) throw new InvalidGame(`${p}.pattern[${i}] must be a tournament kind from 0 to 3`);
      return k;
    }),
    entries: arr(o.entries, `${p}.entries`).map((e, i) => readTournamentEntry(e, `${p}.entries[${i}]`)),
    betting: o.betting === null ? null : readTournamentBetting(o.betting, `${p}.betting`),
    fightLogs,
    handEntryOnly: intArray(o.handEntryOnly, `${p}.handEntryOnly`),
    records,
  };
}

function readAuction(value: unknown, p: string, house: AuctionHouse): Auction {
  const o = obj(value, p);
  const kind = str(o, 'kind', p);
  if (kind !== 'buyRice' && kind !== 'sellRice') throw new InvalidGame(`${p}.kind must be buyRice or sellRice`);
  const id = int(o, 'id', p, 1, house.nextId - 1);
  let last = 0;
  const bids = arr(o.bids, `${p}.bids`).map((b, i) => {
    const bp = `${p}.bids[${i}]`;
    const row = obj(b, bp);
    const bid = { no: int(row, 'no', bp, 1, house.nextBidNo - 1), generalId: int(row, 'generalId', bp, 1), amount: int(row, 'amount', bp, 1), date: int(row, 'date', bp, 0) };
    if (bid.amount <= last) throw new InvalidGame(`${bp}.amount must be higher than the bid before it`);
    last = bid.amount;
    return bid;
  });
  return {
    id, kind, hostGeneralId: int(o, 'hostGeneralId', p, 0), amount: int(o, 'amount', p, 1),
    startBidAmount: int(o, 'startBidAmount', p, 1), finishBidAmount: int(o, 'finishBidAmount', p, 1),
    openDate: int(o, 'openDate', p, 0), closeDate: int(o, 'closeDate', p, 0), bids,
  };
}

function readAuctionHouse(value: unknown, p: string): AuctionHouse {
  const o = obj(value, p);
  const house: AuctionHouse = { now: int(o, 'now', p, 0), nextId: int(o, 'nextId', p, 1), nextBidNo: int(o, 'nextBidNo', p, 1), open: [] };
  house.open = arr(o.open, `${p}.open`).map((a, i) => readAuction(a, `${p}.open[${i}]`, house));
  if (new Set(house.open.map((a) => a.id)).size !== house.open.length) throw new InvalidGame(`${p}.open lists an auction twice`);
  return house;
}
