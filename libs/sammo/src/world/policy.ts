/**
 * Legacy `AutorunNationPolicy`: what the AI of a nation's chiefs and NPCs reads, in the
 * legacy's names. Resource amounts the legacy derives when 0 are read through the helpers
 * of `ai/nation-policy.ts`.
 */
export interface NationPolicy {
  reqNationGold: number;
  reqNationRice: number;
  reqHumanWarUrgentGold: number;
  reqHumanWarUrgentRice: number;
  reqHumanWarRecommandGold: number;
  reqHumanWarRecommandRice: number;
  reqHumanDevelGold: number;
  reqHumanDevelRice: number;
  reqNPCWarGold: number;
  reqNPCWarRice: number;
  reqNPCDevelGold: number;
  reqNPCDevelRice: number;
  minimumResourceActionAmount: number;
  maximumResourceActionAmount: number;
  minNPCWarLeadership: number;
  minWarCrew: number;
  minNPCRecruitCityPopulation: number;
  safeRecruitCityPopulationRatio: number;
  properWarTrainAtmos: number;
  cureThreshold: number;
  /** Troops (by leader id) the chief marches to the front: leader → [from city, toward city]. */
  CombatForce: Readonly<Record<number, readonly [number, number]>>;
  /** Troops (by leader id) the chief keeps in the rear, in cities with people to draft. */
  SupportForce: readonly number[];
  /** Troops (by leader id) set aside for domestic work (kept as the legacy keeps it; no AI action reads it). */
  DevelopForce: readonly number[];
  /** The nation AI's action names in the order tried (legacy `priority`). */
  priority: readonly string[];
}


/**
 * Legacy `AutorunNationPolicy::$defaultPriority`: the nation AI's actions in the order a chief
 * tries them. A policy's `priority` lists these names (any of them, in any order).
 */
export const DEFAULT_NATION_PRIORITY = [
  '불가침제의', '선전포고', '천도',
  '유저장긴급포상', '부대전방발령', '유저장구출발령',
  '유저장후방발령', '부대유저장후방발령',
  '유저장전방발령', '유저장포상',
  '부대구출발령', '부대후방발령',
  'NPC긴급포상', 'NPC구출발령', 'NPC후방발령',
  'NPC포상',
  'NPC전방발령',
  '유저장내정발령', 'NPC내정발령', 'NPC몰수',
] as const;

/**
 * Legacy `AutorunNationPolicy::$defaultPolicy`, the policy of a nation whose ruler set none.
 * The amounts left at 0 are derived per nation when read (`npcWarStock`, `humanWarUrgentStock`,
 * `humanWarRecommendedStock`, `npcDevelStock`).
 */
export const DEFAULT_NATION_POLICY: NationPolicy = Object.freeze({
  reqNationGold: 10000,
  reqNationRice: 12000,
  reqHumanWarUrgentGold: 0,
  reqHumanWarUrgentRice: 0,
  reqHumanWarRecommandGold: 0,
  reqHumanWarRecommandRice: 0,
  reqHumanDevelGold: 10000,
  reqHumanDevelRice: 10000,
  reqNPCWarGold: 0,
  reqNPCWarRice: 0,
  reqNPCDevelGold: 0,
  reqNPCDevelRice: 500,
  minimumResourceActionAmount: 1000,
  maximumResourceActionAmount: 10000,
  minNPCWarLeadership: 40,
  minWarCrew: 1500,
  minNPCRecruitCityPopulation: 50000,
  safeRecruitCityPopulationRatio: 0.5,
  properWarTrainAtmos: 90,
  cureThreshold: 10,
  CombatForce: Object.freeze({}),
  SupportForce: Object.freeze([]),
  DevelopForce: Object.freeze([]),
  priority: DEFAULT_NATION_PRIORITY,
}) as NationPolicy;

/** The policy the AI of a nation's members reads: the ruler's, else the default (a wanderer's too). No allocation. */
export const policyOf = (nation: { policy?: NationPolicy } | null | undefined): NationPolicy => nation?.policy ?? DEFAULT_NATION_POLICY;

type NumericKey = Exclude<keyof NationPolicy, 'CombatForce' | 'SupportForce' | 'DevelopForce' | 'priority'>;

/**
 * The bounds of each value: the legacy API takes integers where the default is one (a
 * negative one it turns into 0) and a fraction for the ratio; its policy page holds the
 * action amounts at 100 or more, the ratio within 0–100 %, the train/atmos goal within
 * 20–100 and the cure threshold within 10–100.
 */
const VALUE_BOUNDS: Readonly<Record<NumericKey, { min: number; max: number; integer: boolean }>> = (() => {
  const amount = { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true };
  return {
    reqNationGold: amount, reqNationRice: amount,
    reqHumanWarUrgentGold: amount, reqHumanWarUrgentRice: amount, reqHumanWarRecommandGold: amount, reqHumanWarRecommandRice: amount,
    reqHumanDevelGold: amount, reqHumanDevelRice: amount, reqNPCWarGold: amount, reqNPCWarRice: amount, reqNPCDevelGold: amount, reqNPCDevelRice: amount,
    minimumResourceActionAmount: { ...amount, min: 100 }, maximumResourceActionAmount: { ...amount, min: 100 },
    minNPCWarLeadership: amount, minWarCrew: amount, minNPCRecruitCityPopulation: amount,
    safeRecruitCityPopulationRatio: { min: 0, max: 1, integer: false },
    properWarTrainAtmos: { min: 20, max: 100, integer: true },
    cureThreshold: { min: 10, max: 100, integer: true },
  };
})();

const FORCE_KEYS = ['CombatForce', 'SupportForce', 'DevelopForce'] as const;

/** What a policy change says, read: the values it sets over `base`; a string says what is wrong with it. */
export type PolicyReading = { policy: NationPolicy } | { problem: string };

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * Reads `changes` (some of the policy's keys, in the legacy's names) over `base`: each value
 * within its bounds, the forces as troop-leader ids (CombatForce: id → [from city, to city]),
 * the priority a list of the nation AI's action names (those of the legacy's default order, any
 * order, repeats allowed as the legacy allows them; empty, the default order). Only the shape: whose troops and which cities the ids are is the caller's.
 */
export function readPolicyChanges(changes: unknown, base: NationPolicy): PolicyReading {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return { problem: 'the policy must be an object of the values to set' };
  const policy: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'CombatForce') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'CombatForce must map troop-leader ids to [from city, to city]' };
      const force: Record<number, readonly [number, number]> = {};
      for (const [id, target] of Object.entries(value)) {
        if (!isId(Number(id)) || !Array.isArray(target) || target.length !== 2 || !isId(target[0]) || !isId(target[1])) {
          return { problem: `CombatForce.${id} must be [from city id, to city id] under a troop-leader id` };
        }
        force[Number(id)] = [target[0], target[1]];
      }
      policy[key] = force;
    } else if (key === 'SupportForce' || key === 'DevelopForce') {
      if (!Array.isArray(value) || !value.every(isId)) return { problem: `${key} must be a list of troop-leader ids` };
      policy[key] = [...value];
    } else if (key === 'priority') {
      if (!Array.isArray(value)) return { problem: 'priority must be a list of the nation AI action names' };
      const unknown = value.find((name) => !(DEFAULT_NATION_PRIORITY as readonly unknown[]).includes(name));
      if (unknown !== undefined) return { problem: `priority lists ${JSON.stringify(unknown)}, which is not a nation AI action; known: ${DEFAULT_NATION_PRIORITY.join(', ')}` };
      policy[key] = value.length === 0 ? DEFAULT_NATION_PRIORITY : [...value];
    } else if (key in VALUE_BOUNDS) {
      const { min, max, integer } = VALUE_BOUNDS[key as NumericKey];
      if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
        return { problem: `${key} must be ${integer ? 'an integer' : 'a number'} from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}` };
      }
      policy[key] = value;
    } else {
      return { problem: `${key} is not a nation policy value; known: ${[...Object.keys(VALUE_BOUNDS), ...FORCE_KEYS, 'priority'].join(', ')}` };
    }
  }
  const roles = new Map<number, string>();
  for (const force of FORCE_KEYS) {
    const ids = force === 'CombatForce' ? Object.keys(policy[force] as object).map(Number) : (policy[force] as number[]);
    for (const id of ids) {
      if (roles.has(id)) return { problem: `troop ${id} is in both ${roles.get(id)} and ${force}: a troop has one role` };
      roles.set(id, force);
    }
  }
  return { policy: policy as unknown as NationPolicy };
}
