import type { CommandLists, World } from './types';

/** Legacy `GameConst::$availableGeneralCommand`, its categories flattened in order: what a game offers unless its scenario says otherwise. */
export const DEFAULT_GENERAL_COMMAND_LIST: readonly string[] = [
  '휴식', 'che_요양', 'che_단련', 'che_숙련전환', 'che_견문', 'che_은퇴', 'che_장비매매', 'che_군량매매', 'che_내정특기초기화', 'che_전투특기초기화',
  'che_농지개간', 'che_상업투자', 'che_기술연구', 'che_수비강화', 'che_성벽보수', 'che_치안강화', 'che_정착장려', 'che_주민선정', 'che_물자조달',
  'che_징병', 'che_모병', 'che_훈련', 'che_사기진작', 'che_출병', 'che_집합', 'che_소집해제', 'che_첩보',
  'che_이동', 'che_강행', 'che_인재탐색', 'che_등용', 'che_귀환', 'che_임관', 'che_랜덤임관', 'che_장수대상임관',
  'che_선동', 'che_탈취', 'che_파괴', 'che_화계',
  'che_증여', 'che_헌납', 'che_하야', 'che_거병', 'che_건국', 'che_선양', 'che_해산',
];

/** Legacy `GameConst::$availableChiefCommand`, flattened in order. */
export const DEFAULT_CHIEF_COMMAND_LIST: readonly string[] = [
  '휴식', 'che_발령', 'che_포상', 'che_몰수',
  'che_물자원조', 'che_불가침제의', 'che_선전포고', 'che_종전제의', 'che_불가침파기제의',
  'che_초토화', 'che_천도', 'che_증축', 'che_감축',
  'che_필사즉생', 'che_백성동원', 'che_수몰', 'che_허보', 'che_의병모집', 'che_이호경식', 'che_급습', 'che_피장파장',
  'che_국기변경', 'che_국호변경',
];

/**
 * Legacy `GameConst::$availableChiefCommand['전략']`: the strategic commands, each with the
 * name its wait after use is kept under (legacy `$actionName`, the nation's `nextExecute`).
 */
export const STRATEGIC_COMMANDS: ReadonlyMap<string, string> = new Map([
  ['che_필사즉생', '필사즉생'], ['che_백성동원', '백성동원'], ['che_수몰', '수몰'], ['che_허보', '허보'],
  ['che_의병모집', '의병모집'], ['che_이호경식', '이호경식'], ['che_급습', '급습'], ['che_피장파장', '피장파장'],
]);

/** The commands only a scenario's lists offer (legacy scenarios 905 and 910 name them). */
const SCENARIO_ONLY: ReadonlySet<string> = new Set(['che_전투태세', 'che_무작위건국', 'cr_건국', 'cr_맹훈련', 'che_무작위수도이전', 'cr_인구이동']);

/** 방랑: in no legacy list (no player reserves it), only the invader game's AutoDeleteInvader puts it in a queue. */
const EVENT_ONLY: readonly string[] = ['che_방랑'];

/** Every command some command list names; the others (the AI's 순간이동 and 모반시도) are never offered by a list. */
const LISTED: ReadonlySet<string> = new Set([...DEFAULT_GENERAL_COMMAND_LIST, ...DEFAULT_CHIEF_COMMAND_LIST, ...SCENARIO_ONLY, ...EVENT_ONLY]);

/** The world's command lists: the scenario's when it set them, else the legacy's defaults. */
export function commandLists(world: World): CommandLists {
  return world.env.commandLists ?? { general: DEFAULT_GENERAL_COMMAND_LIST, chief: DEFAULT_CHIEF_COMMAND_LIST };
}

/**
 * Whether a player may reserve the command (legacy `ReserveCommand`: the action must be in
 * the game's list). Commands no list names stay reservable as before.
 */
export function offersCommand(world: World, kind: 'general' | 'nation', key: string): boolean {
  if (!LISTED.has(key)) return true;
  const lists = commandLists(world);
  return (kind === 'general' ? lists.general : lists.chief).includes(key);
}
