import type { Json, JsonObject } from '@chronicle/engine';
import type { AuctionKind } from '../world/types';
import type { ItemSlot } from '../items';
import type { InvaderDifficulty } from '../monthly/raise-invader';

/** Time passes up to `until` (epoch ms), executing at most `budget` general turns. */
export interface AdvanceMove {
  type: 'advance';
  until: number;
  budget: number;
}

/** Reserve a general command into one or more queue slots (0..29). */
export interface ReserveMove {
  type: 'reserve';
  generalId: number;
  command: string;
  arg: Json;
  slots: number[];
}

/** Reserve a nation command into the chief's queue slots (0..11). */
export interface ReserveNationMove {
  type: 'reserveNation';
  generalId: number;
  nationId: number;
  level: number;
  command: string;
  arg: Json;
  slots: number[];
}

/** A new general for the seat, in the wilderness (legacy General/Join; `create-general.ts`). */
export interface CreateGeneralMove {
  type: 'createGeneral';
  /** As stored: cleaned as the legacy cleans it. */
  name: string;
  /** The stats chosen, before the bonus points. */
  leadership: number;
  strength: number;
  intel: number;
  /** The personality (성격) chosen; null: drawn. */
  personality: string | null;
}

/** The seat takes over an unowned NPC (빙의: npc 1). */
export interface PossessMove {
  type: 'possess';
  generalId: number;
}

/** Let the AI play the seat's general for `months` months (0 clears it). */
export interface AutorunMove {
  type: 'autorun';
  generalId: number;
  months: number;
}

/**
 * A chief answers a diplomatic letter to the nation, or a general a scout letter sent to it
 * (등용): accepting runs the answer at once (legacy).
 */
export interface AnswerLetterMove {
  type: 'answerLetter';
  generalId: number;
  letterId: number;
  accept: boolean;
}

/** A general of a nation, in no troop, founds a troop (부대) and leads it (legacy NewTroop). */
export interface CreateTroopMove {
  type: 'createTroop';
  generalId: number;
  name: string;
}

/** A general of a nation, in no troop, joins a troop of that nation (legacy JoinTroop). */
export interface JoinTroopMove {
  type: 'joinTroop';
  generalId: number;
  troopId: number;
}

/** A member leaves its troop; the leader leaving disbands it (legacy ExitTroop). */
export interface LeaveTroopMove {
  type: 'leaveTroop';
  generalId: number;
}

/** A troop's leader sends a member away (legacy KickFromTroop). */
export interface KickFromTroopMove {
  type: 'kickFromTroop';
  generalId: number;
  memberId: number;
}

/** The leader, or the nation's ruler, renames a troop of the nation (legacy SetTroopName). */
export interface RenameTroopMove {
  type: 'renameTroop';
  generalId: number;
  troopId: number;
  name: string;
}

export type TroopMove = CreateTroopMove | JoinTroopMove | LeaveTroopMove | KickFromTroopMove | RenameTroopMove;

/** The seat's general enters the recruiting tournament, paying the entry fee (`develcost`). */
export interface JoinTournamentMove {
  type: 'joinTournament';
  generalId: number;
}

/** The seat's general stakes `amount` gold on `target` winning the tournament (while betting is open). */
export interface BetTournamentMove {
  type: 'betTournament';
  generalId: number;
  target: number;
  amount: number;
}

/** Whether the seat's general may be drawn into a tournament's empty seats (legacy 자동참여, the default). */
export interface TournamentAutoEntryMove {
  type: 'tournamentAutoEntry';
  generalId: number;
  auto: boolean;
}

/**
 * The seat's general puts up `amount` of its rice (`buyRice`: bidders pay gold) or gold
 * (`sellRice`: bidders pay rice), closing in `closeTurnCnt` turns (legacy OpenBuyRiceAuction /
 * OpenSellRiceAuction).
 */
export interface OpenAuctionMove {
  type: 'openAuction';
  generalId: number;
  kind: AuctionKind;
  amount: number;
  closeTurnCnt: number;
  startBidAmount: number;
  finishBidAmount: number;
}

/** The seat's general bids `amount` on an open auction (legacy BidBuyRiceAuction / BidSellRiceAuction). */
export interface BidAuctionMove {
  type: 'bidAuction';
  generalId: number;
  auctionId: number;
  amount: number;
}

/**
 * The ruler sets values of the nation's AI policy (legacy `AutorunNationPolicy`, in its names):
 * the amounts and thresholds, the forces (`CombatForce`: troop-leader id → [from city, to
 * city]; `SupportForce`, `DevelopForce`: troop-leader ids) and `priority`, the nation AI's
 * action names in the order tried. Names left out keep their value.
 */
export interface SetNationPolicyMove {
  type: 'setNationPolicy';
  generalId: number;
  nationId: number;
  policy: JsonObject;
}

/** 접경귀환 at once, between turns (legacy InstantRetreat), where the scenario offers it. */
export interface InstantRetreatMove {
  type: 'instantRetreat';
  generalId: number;
}

/**
 * A player's queue as a whole (`nation: true`: the chief's nation queue): push it back by
 * `amount` turns (negative: pull it forward), repeat its first `amount` turns over it, or
 * reserve several commands at once; and drop a held item.
 */
export type QueueMove =
  | { type: 'pushQueue'; generalId: number; nation: boolean; amount: number }
  | { type: 'repeatQueue'; generalId: number; nation: boolean; amount: number }
  | { type: 'reserveBulk'; generalId: number; nation: boolean; reservations: { command: string; arg: Json; slots: number[] }[] }
  | { type: 'dropItem'; generalId: number; itemType: ItemSlot };

/** The operator blocks generals' players (0 lifts it; legacy 블럭 1–3단계). */
export interface BlockMove {
  type: 'block';
  generalIds: number[];
  level: 0 | 1 | 2 | 3;
}

/** The operator writes a line into the world's history (legacy 로그쓰기). */
export interface OperatorLogMove {
  type: 'operatorLog';
  text: string;
}

/** The operator changes the turn term (legacy ServerTool::changeServerTerm). */
export interface ChangeTurnTermMove {
  type: 'changeTurnTerm';
  turnterm: number;
}

export type OperatorMove = BlockMove | OperatorLogMove | ChangeTurnTermMove;

/**
 * A chief changes a setting of its nation (legacy hwe/sammo/API/Nation/*): 세율 (`setRate`,
 * 5–30 %), 지급률 (`setBill`, 20–200 %), 기밀 권한 (`setSecretLimit`, 1–99 years), 전쟁 금지
 * (`setBlockWar`), 임관 금지 (`setBlockScout`), 국가 방침 (`setNotice`), 임관 권유문
 * (`setScoutMsg`). Without `generalId`, the seat's own general.
 */
export type NationSettingMove =
  | { type: 'setRate' | 'setBill' | 'setSecretLimit'; generalId: number; amount: number }
  | { type: 'setBlockWar' | 'setBlockScout'; generalId: number; value: boolean }
  | { type: 'setNotice' | 'setScoutMsg'; generalId: number; msg: string };

/**
 * The ruler names its nation's 외교권자 (`ambassador`) or 조언자 (`auditor`) (legacy
 * j_general_set_permission): `generalIds` replaces the holders of that permission.
 */
export interface SetPermissionMove {
  type: 'setPermission';
  generalId: number;
  permission: 'ambassador' | 'auditor';
  generalIds: number[];
}

/**
 * A general writes a message (legacy Message/SendMessage): `kind` and `to` as the mailbox it
 * named reads (moves/messages.ts); the input names the legacy's `mailbox` number.
 */
export interface SendMessageMove {
  type: 'sendMessage';
  generalId: number;
  kind: 'public' | 'national' | 'diplomacy' | 'private';
  to: number;
  text: string;
}

/**
 * A chief (officer level 5 and up) appoints a member of its nation (legacy j_myBossInfo 임명):
 * `officerLevel` 2–4 to a city office of `destCityId`, 5–11 to a chief seat; `destGeneralId`
 * 0 empties the seat.
 */
export interface AppointMove {
  type: 'appoint';
  generalId: number;
  officerLevel: number;
  destGeneralId: number;
  destCityId: number;
}

/** A chief expels a member of its nation (legacy j_myBossInfo 추방). */
export interface ExpelMove {
  type: 'expel';
  generalId: number;
  destGeneralId: number;
}

export type SammoMove =
  | OperatorMove | NationSettingMove | SetPermissionMove | SendMessageMove | AppointMove | ExpelMove
  | AdvanceMove | ReserveMove | ReserveNationMove | CreateGeneralMove | PossessMove | AutorunMove | AnswerLetterMove | TroopMove
  | JoinTournamentMove | BetTournamentMove | TournamentAutoEntryMove | OpenAuctionMove | BidAuctionMove | RaiseInvadersMove | DeclineInvadersMove | SetNationPolicyMove | InstantRetreatMove
  | QueueMove;

/**
 * A chief offered the invader game at unification (table option `invaders`) starts it at a
 * difficulty (legacy RaiseInvaderMessage accepted): RaiseInvader runs and the world plays on.
 */
export interface RaiseInvadersMove {
  type: 'raiseInvaders';
  generalId: number;
  difficulty: InvaderDifficulty;
}

/** A chief offered the invader game declines it; once every offer is declined the table is finished. */
export interface DeclineInvadersMove {
  type: 'declineInvaders';
  generalId: number;
}
