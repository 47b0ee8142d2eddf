import {
  applyTable, billOfLevel, dedLevelOf, dedLevelText, domesticSpecials, expLevelOf, josa, nationalIncome, nationTypes,
  personalities, phpNumberFormat, phpRound, populationRatio, specialDomestic, streamFromSeed, warSpecials,
  type DomesticTurn, type DomesticVar, type Particle, type RandUtil,
} from '@chronicle/sammo/rules';
import type { Nation } from '@chronicle/sammo';
import { battleArea } from './battle-area';
import { warArea } from './war-area';
import { commandLogsArea, generalCommandsArea, nationCommandsArea } from './commands-area';
import { monthlyArea } from './monthly-area';
import { npcEventsArea } from './npc-events-area';
import { invadersArea } from './invaders-area';
import { preTurnArea } from './pre-turn-area';
import { generalAiArea, nationAiArea } from './ai-area';
import { hex, pick } from './case-helpers';
import type { GoldenCase } from './golden';
import { tournamentArea } from './tournament-area';
import { auctionArea } from './auction-area';
import { viewsArea } from './views-area';
import { nationSettingsArea } from './nation-settings-area';
import { mailboxArea } from './mailbox-area';
import { officersArea } from './officers-area';
import { joinArea } from './join-area';

/**
 * One area of the differential: how to make its cases, and what libs/sammo answers for
 * one. `php/areas/<name>.php` answers the same case with the legacy classes.
 */
export interface Area<C = unknown, R = unknown> {
  readonly name: string;
  readonly about: string;
  generate(rng: RandUtil, count: number): C[];
  /**
   * `legacy` is the recorded answer, given only to an area whose legacy reads the machine's
   * clock (join: the second its stream was seeded with), which reads that alone from it.
   */
  sammo(input: C, legacy?: GoldenCase['legacy']): R;
  /**
   * Set on an area whose differences are still being fixed: why. It runs only when named
   * (`--area`), and has no golden file until it is at 0.
   */
  readonly open?: string;
  /** The fewest cases its golden file holds: 100 unless its cases are large. */
  readonly goldenCases?: number;
}

type RngOp = [string, unknown[]];
interface RngCase { seed: (string | number)[]; ops: RngOp[] }


function randomOp(rng: RandUtil): RngOp {
  const list = Array.from({ length: 1 + rng.nextInt(7) }, (_, i) => i + 1);
  switch (rng.nextInt(7)) {
    case 0: return ['nextFloat1', []];
    case 1: return ['nextInt', [rng.nextInt(1000)]];
    case 2: return ['nextRange', [0.8, 1.2]];
    case 3: { const a = rng.nextInt(100); return ['nextRangeInt', [a, a + rng.nextInt(100)]]; }
    case 4: return ['nextBool', [pick(rng, [0.5, 0.3, 0.7, 0.05, 0, 1, 0.999])]];
    case 5: return ['shuffle', [list]];
    case 6: return ['choice', [list]];
    default: {
      // Weights with zeros, negatives and all-non-positive lists: the legacy walk's edges.
      const weights = list.map(() => pick(rng, [0, 0, -1, 0.1, 0.5, 1, 2.5, 10]));
      return ['choiceUsingWeight', [list.map((item, i) => [item, weights[i]!])]];
    }
  }
}

const rngArea: Area<RngCase, unknown[]> = {
  name: 'rng',
  about: 'LiteHashDRBG and RandUtil: every draw helper over random seeds and labels',
  generate: (rng, count) =>
    Array.from({ length: count }, () => ({
      seed: [hex(rng, 64), pick(rng, ['generalCommand', 'monthly', 'che_훈련', 'GeneralAI', '징병']), rng.nextInt(300), rng.nextInt(12)],
      ops: Array.from({ length: 4 + rng.nextInt(12) }, () => randomOp(rng)),
    })),
  sammo: ({ seed, ops }) => {
    const r = streamFromSeed(String(seed[0]), ...seed.slice(1));
    return ops.map(([op, args]) => {
      const a = args as [never, never];
      switch (op) {
        case 'nextFloat1': return r.nextFloat1();
        case 'nextInt': return r.nextInt(a[0]);
        case 'nextRange': return r.nextRange(a[0], a[1]);
        case 'nextRangeInt': return r.nextRangeInt(a[0], a[1]);
        case 'nextBool': return r.nextBool(a[0]);
        case 'shuffle': return r.shuffle(a[0]);
        case 'choice': return r.choice(a[0]);
        case 'choiceUsingWeight': return r.choiceUsingWeight(a[0]);
        default: throw new Error(`unknown op ${op}`);
      }
    });
  },
};

interface MathCase { value: string; places: number }

const phpMathArea: Area<MathCase, { round: number; plain: string; grouped: string }> = {
  name: 'php-math',
  about: "PHP's round() and number_format() on halves, near-halves, negatives and large values",
  generate: (rng, count) =>
    Array.from({ length: count }, () => {
      const sign = rng.nextBool() ? -1 : 1;
      const places = pick(rng, [0, 0, 0, 1, 2, 6]);
      const kind = rng.nextInt(3);
      const whole = rng.nextInt(2_000_000);
      const value =
        kind === 0 ? (whole + 0.5) / 10 ** places
          : kind === 1 ? whole / 100 + 0.005 - Number.EPSILON * rng.nextInt(4000)
            : kind === 2 ? rng.nextFloat1() * 10 ** rng.nextInt(9)
              : whole * 1.1;
      // Sent as text with 17 digits so that both sides read the same double.
      return { value: (sign * value).toPrecision(17), places };
    }),
  sammo: ({ value, places }) => {
    const v = Number(value);
    return { round: phpRound(v, places), plain: phpNumberFormat(v, places), grouped: phpNumberFormat(v, places, ',') };
  },
};

const SYLLABLES = ['투자', '개간', '강화', '보수', '연구', '장려', '선정', '금', '쌀', '군량', '통솔', '품관', '조달', '관', '을', '로', '삼', '칠'];
const PARTICLES: readonly Particle[] = ['을', '이', '은', '으로', '과', '이나', '이라', '이랑'];

const josaArea: Area<{ text: string; particle: Particle }, string> = {
  name: 'josa',
  about: 'JosaUtil::pick on Hangul words, numbers with separators and Latin words',
  generate: (rng, count) =>
    Array.from({ length: count }, () => {
      const kind = rng.nextInt(2);
      const text =
        kind === 0 ? `${pick(rng, SYLLABLES)} ${pick(rng, SYLLABLES)}`
          : kind === 1 ? phpNumberFormat(rng.nextInt(2_000_000) * (rng.nextBool() ? 1 : 0.1), rng.nextInt(1), ',')
            : pick(rng, ['Lv 7', 'book', 'hook', 'limit', 'apple', 'korea', 'good', 'team', 'cup', 'lol', 'r', 'bar']);
      return { text, particle: pick(rng, PARTICLES) };
    }),
  sammo: ({ text, particle }) => josa(text, particle),
};

const levelsArea: Area<{ experience: number; dedication: number }, { explevel: number; dedlevel: number; text: string; bill: number }> = {
  name: 'levels',
  about: 'getExpLevel, getDedLevel, getDedLevelText and getBillByLevel on unrounded values',
  generate: (rng, count) =>
    Array.from({ length: count }, () => ({
      experience: phpRound(rng.nextFloat1() * 10 ** rng.nextRangeInt(1, 6), 1),
      dedication: phpRound(rng.nextFloat1() * 10 ** rng.nextRangeInt(1, 6), 1),
    })),
  sammo: ({ experience, dedication }) => {
    const dedlevel = dedLevelOf(dedication);
    return { explevel: expLevelOf(experience), dedlevel, text: dedLevelText(dedlevel), bill: billOfLevel(dedlevel) };
  },
};

const TYPE_KEYS = nationTypes.map((t) => t.key);

const nationIncomeArea: Area<{ type: string; kind: 'gold' | 'rice' | 'pop'; amount: number }, number> = {
  name: 'nation-income',
  about: "onCalcNationalIncome of every nation type on gold, rice (rounded as the caller does) and the population ratio",
  generate: (rng, count) =>
    Array.from({ length: count }, () => {
      const kind = pick(rng, ['gold', 'rice', 'pop'] as const);
      const amount = kind === 'pop' ? (30 - rng.nextInt(60)) / 200 : phpRound(rng.nextFloat1() * 20000, 2);
      return { type: pick(rng, TYPE_KEYS), kind, amount };
    }),
  sammo: ({ type, kind, amount }) => {
    const nation = { type } as Nation;
    return kind === 'pop' ? populationRatio(nation, amount) : phpRound(nationalIncome(nation, kind, amount));
  },
};

const TRAITS = [
  ...nationTypes.map((t) => ({ kind: 'nation', key: t.key, hook: (turn: DomesticTurn, v: DomesticVar, x: number) => applyTable(t.domestic, turn, v, x) })),
  ...[...domesticSpecials.map((t) => ({ kind: 'domestic', t })), ...warSpecials.map((t) => ({ kind: 'war', t }))].map(({ kind, t }) => ({
    kind, key: t.key, hook: (turn: DomesticTurn, v: DomesticVar, x: number, armType?: number) => specialDomestic(t, turn, v, x, armType),
  })),
  ...personalities.map((t) => ({ kind: 'personality', key: t.key, hook: (turn: DomesticTurn, v: DomesticVar, x: number) => applyTable(t.domestic, turn, v, x) })),
] as const;
const TURNS: readonly DomesticTurn[] = ['농업', '상업', '치안', '수비', '성벽', '기술', '민심', '인구', '징병', '모병', '징집인구', '계략', '단련', '조달'];
const VARS: readonly DomesticVar[] = ['cost', 'rice', 'train', 'atmos', 'success', 'fail', 'score'];

const traitsArea: Area<{ kind: string; key: string; turn: DomesticTurn; var: DomesticVar; value: number; armType?: number }, number> = {
  name: 'traits',
  about: "onCalcDomestic of each nation type, domestic and war special and personality, one class at a time (징병/모병 with the crew type's arm as aux)",
  generate: (rng, count) =>
    Array.from({ length: count }, () => {
      if (rng.nextBool(0.2)) {
        // An arm special's recruiting discount: the cost of its own arm or another.
        const special = pick(rng, warSpecials.filter((t) => t.recruitArm !== undefined));
        const armType = rng.nextBool(0.5) ? special.recruitArm! : rng.nextRangeInt(1, 5);
        return { kind: 'war', key: special.key, turn: pick(rng, ['징병', '모병'] as const), var: 'cost' as const, value: 100, armType };
      }
      const trait = pick(rng, TRAITS);
      const v = pick(rng, VARS);
      const turn = pick(rng, TURNS);
      const c = { kind: trait.kind, key: trait.key, turn, var: v, value: v === 'success' || v === 'fail' ? phpRound(rng.nextFloat1(), 3) : 100 };
      return turn === '징병' || turn === '모병' ? { ...c, armType: rng.nextRangeInt(1, 5) } : c;
    }),
  sammo: (c) => TRAITS.find((t) => t.kind === c.kind && t.key === c.key)!.hook(c.turn, c.var, c.value, c.armType),
};

/** The values each call of the grid passes: two, so that an added and a multiplied bonus differ. */
const gridValues = (v: DomesticVar) => (v === 'success' || v === 'fail' ? [0.5, 0.37] : [100, 37]);
const gridArms = (turn: DomesticTurn) => (turn === '징병' || turn === '모병' ? [1, 2, 3, 4, 5] : [null]);

interface TraitTableCase { kind: string; key: string; turn: DomesticTurn; vars: DomesticVar[] }

/**
 * The random `traits` cases reach a table entry only by chance (at 2,000 cases whole tables
 * were never drawn); this walks all of them: every class × turn, each variable at two values
 * (and each arm for 징병/모병). `count` only cuts the walk short.
 */
const traitTablesArea: Area<TraitTableCase, number[]> = {
  name: 'trait-tables',
  about: "onCalcDomestic of every trait class on every turn type: each variable at two values (징병/모병 for each arm), in the order the case lists",
  generate: (_rng, count) => TRAITS.flatMap((t) => TURNS.map((turn) => ({ kind: t.kind, key: t.key, turn, vars: [...VARS] }))).slice(0, count),
  sammo: (c) => {
    const hook = TRAITS.find((t) => t.kind === c.kind && t.key === c.key)!.hook;
    return c.vars.flatMap((v) => gridArms(c.turn).flatMap((arm) => gridValues(v).map((x) => hook(c.turn, v, x, arm ?? undefined))));
  },
};

export const AREAS: readonly Area[] = [
  rngArea, phpMathArea, josaArea, levelsArea, nationIncomeArea, traitsArea, traitTablesArea, battleArea, warArea, generalCommandsArea, nationCommandsArea, commandLogsArea, monthlyArea,
  preTurnArea, generalAiArea, nationAiArea, tournamentArea, auctionArea, npcEventsArea, invadersArea, viewsArea, nationSettingsArea, mailboxArea, officersArea, joinArea,
] as Area[];
