/** GameConst values (§10) the implemented rules use. */
export const GameConst = {
  develrate: 50,
  maxTrainByCommand: 100,
  maxAtmosByCommand: 100,
  trainDelta: 30,
  atmosDelta: 30,
  defaultTrainLow: 40,
  defaultAtmosLow: 40,
  defaultTrainHigh: 70,
  defaultAtmosHigh: 70,
  basegold: 0,
  baserice: 2000,
  exchangeFee: 0.01,
  maxDedLevel: 30,
  maxTechLevel: 12,
  maxLevel: 255,
  /** The stat experience a stat point costs (`checkStatChange`). */
  upgradeLimit: 30,
  basePopIncreaseAmount: 5000,
  minAvailableRecruitPop: 30000,
  initialNationGenLimit: 10,
  /** Legacy `GameConst::$defaultMaxGeneral`: the nation size 랜덤임관 allows after the opening. */
  defaultMaxGeneral: 500,
  defaultGold: 1000,
  defaultRice: 1000,
  maxResourceActionAmount: 10000,
  /** The national rice below which the AI's donations offer half a general's rice (legacy 0). */
  minNationalRice: 0,
  generalMinimumGold: 0,
  generalMinimumRice: 500,
  maxTurn: 30,
  maxChiefTurn: 12,
  openingPartYear: 3,
  joinActionLimit: 12,
  retirementYear: 80,
  techLevelIncYear: 5,
  defaultDefenceTrain: 80,
  maxInjury: 80,
  /** A general betrays at most this often (legacy `GameConst::$maxBetrayCnt`). */
  maxBetrayCnt: 9,
  /** How often an expelled NPC says a parting word in public (legacy `GameConst::$npcBanMessageProb`). */
  npcBanMessageProb: 0.01,
  /** Alternative commands chain at most this deep (core2026 cap). */
  maxAlternativeDepth: 5,
  /** The default scenario's NPC stat limits (`stat.npcTotal`, `npcMax`, `npcMin`) that pool generals are drawn within. */
  /** The default scenario's stat limits for a player's general (`stat.total`, `max`, `min`): General/Join's bounds. */
  defaultStatTotal: 165,
  defaultStatMax: 80,
  defaultStatMin: 15,
  /** `GameConst::$defaultMaxGenius`: the geniuses (천재) a world opens with. */
  defaultMaxGenius: 5,
  defaultStatNPCTotal: 150,
  defaultStatNPCMax: 75,
  defaultStatNPCMin: 10,
} as const;

/**
 * `GameConst::$chiefStatMin`: the strength (even seats) or intel (odd seats) a chief needs.
 * The `.orig.php` template lacks it; the installed game's GameConst, which the installer
 * builds from the scenario, has 65 (reference §13.1 item 14).
 */
export const CHIEF_STAT_MIN = 65;

/** Legacy `GameConst::$availablePersonality`, in its order (a drawn personality is an index into it). */
export const AVAILABLE_PERSONALITIES: readonly string[] = [
  'che_안전', 'che_유지', 'che_재간', 'che_출세', 'che_할거', 'che_정복', 'che_패권', 'che_의협', 'che_대의', 'che_왕좌',
];

export const REST_KEY = '휴식';

/** Diplomacy states (§6.8). */
export const Diplo = { war: 0, declared: 1, normal: 2, nap: 7 } as const;

/** Legacy `GetNationColors()`, in its order. */
export const NATION_COLORS = [
  '#FF0000', '#800000', '#A0522D', '#FF6347', '#FFA500', '#FFDAB9', '#FFD700', '#FFFF00',
  '#7CFC00', '#00FF00', '#808000', '#008000', '#2E8B57', '#008080', '#20B2AA', '#6495ED', '#7FFFD4',
  '#AFEEEE', '#87CEEB', '#00FFFF', '#00BFFF', '#0000FF', '#000080', '#483D8B', '#7B68EE', '#BA55D3',
  '#800080', '#FF00FF', '#FFC0CB', '#F5F5DC', '#E0FFFF', '#FFFFFF', '#A9A9A9',
] as const;
