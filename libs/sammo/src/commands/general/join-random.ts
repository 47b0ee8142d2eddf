import { GameConst } from '../../world/constants';
import { generalLog } from '../../world/logbook';
import { relYear } from '../../world/queries';
import type { Nation } from '../../world/types';
import { noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { allowJoinAction, allowJoinDestNation, beNeutral } from '../constraints';
import { joinNation, rulerOf } from './join';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** Nations a wanderer may join now, by id (the AI's test before it tries 랜덤임관). */
export function joinableNations(ctx: CommandContext): Nation[] {
  const check = allowJoinDestNation((_c, id: number) => id);
  return [...ctx.world.nations.values()].filter((n) => n.level > 0 && check(ctx, n.id) === null).sort((a, b) => a.id - b.id);
}

/** The phrase of the join announcement, one drawn (legacy list, in order). */
export const JOIN_TALKS = [
  '어쩌다 보니', '인연이 닿아', '발길이 닿는 대로', '소문을 듣고', '점괘에 따라', '천거를 받아',
  '유명한', '뜻을 펼칠 곳을 찾아', '고향에 가까운', '천하의 균형을 맞추기 위해', '오랜 은거를 마치고',
] as const;

/** Scout open and below the size limit: 10 in the first three years, then 500. */
function takesMembers(ctx: CommandContext, nation: Nation): boolean {
  const limit = relYear(ctx.world) < 3 ? GameConst.initialNationGenLimit : GameConst.defaultMaxGeneral;
  return nation.scout === 0 && nation.gennum < limit;
}

/**
 * Historical scenarios (1000–1999, not fiction), NPC joiners: the nation whose ruler is
 * closest in affinity, shaken by a float and the nation's share of generals; lowest score wins.
 * Legacy shuffles the candidates with PHP's unseeded `shuffle`, which draws nothing from this
 * stream; they are taken by id here. Legacy also reuses the affinity variable from one
 * candidate to the next (the distance to the previous result, not to the joiner): kept.
 */
function byAffinity(ctx: CommandContext): Nation | undefined {
  const candidates: { nation: Nation; rulerAffinity: number }[] = [];
  for (const nation of [...ctx.world.nations.values()].sort((a, b) => a.id - b.id)) {
    const ruler = rulerOf(ctx.world, nation.id);
    if (ruler && takesMembers(ctx, nation)) candidates.push({ nation, rulerAffinity: ruler.affinity });
  }
  const allGen = candidates.reduce((sum, c) => sum + c.nation.gennum, 0);
  let affinity = ctx.general.affinity;
  let best: Nation | undefined;
  let bestScore = 2 ** 30;
  for (const { nation, rulerAffinity } of candidates) {
    affinity = Math.abs(affinity - rulerAffinity);
    affinity = Math.min(affinity, Math.abs(affinity - 150));
    const score = Math.log2(affinity + 1) + ctx.rng.nextFloat1() + Math.sqrt(nation.gennum / allGen);
    if (score < bestScore) {
      bestScore = score;
      best = nation;
    }
  }
  return best;
}

/**
 * Everyone else: weight (1/(war power + development power))³ per nation with members, so weak
 * nations draw the newcomers. War power Σ (killcrew_person+100)/(deathcrew_person+100) ×
 * (user ? 1.2 : 1) × (L ≥ 40 ? L : 0); development Σ (sqrt(I×S)×2 + L/2)/5; over generals with
 * npc 0–3 or 6, raw stats. A user is steered away (×100) from nations named `ⓤ…`.
 */
function byWeakness(ctx: CommandContext): Nation | undefined {
  const power = new Map<number, number>();
  for (const g of [...ctx.world.generals.values()].sort((a, b) => a.id - b.id)) {
    if (g.nation === 0 || ![0, 1, 2, 3, 6].includes(g.npc)) continue;
    const nation = ctx.world.nations.get(g.nation);
    if (!nation || !takesMembers(ctx, nation)) continue;
    const war = ((g.rank.killcrewPerson + 100) / (g.rank.deathcrewPerson + 100)) * (g.npc < 2 ? 1.2 : 1) * (g.leadership >= 40 ? g.leadership : 0);
    const develop = (Math.sqrt(g.intel * g.strength) * 2 + g.leadership / 2) / 5;
    power.set(g.nation, (power.get(g.nation) ?? 0) + war + develop);
  }
  const weighted: [Nation, number][] = [];
  for (const id of [...power.keys()].sort((a, b) => a - b)) {
    const nation = ctx.world.nations.get(id)!;
    let strength = power.get(id)!;
    if (ctx.general.npc < 2 && nation.name.startsWith('ⓤ')) strength *= 100;
    weighted.push([nation, (1 / strength) ** 3]);
  }
  return weighted.length > 0 ? ctx.rng.choiceUsingWeight(weighted) : undefined;
}

/**
 * 랜덤임관 (legacy che_랜덤임관): the full condition is only BeNeutral and AllowJoinAction; the
 * nation is drawn at run time (level-0 bands included) and, when none takes members, the turn
 * falls to 인재탐색 on the same stream.
 */
export const joinRandom: CommandDef<null> = {
  key: 'che_랜덤임관',
  name: '무작위 국가로 임관',
  id: 'join-random',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'join-random'),
  constraints: [beNeutral, allowJoinAction],
  run(ctx) {
    const { env } = ctx.world;
    const historical = ctx.general.npc >= 2 && env.fiction === 0 && env.scenarioId >= 1000 && env.scenarioId < 2000;
    const nation = historical ? byAffinity(ctx) : byWeakness(ctx);
    if (!nation) {
      generalLog(ctx.world, ctx.general.id, '임관 가능한 국가가 없습니다.');
      return false;
    }
    const talk = ctx.rng.choice(JOIN_TALKS);
    joinNation(ctx, nation, rulerOf(ctx.world, nation.id)?.city ?? nation.capital, talk, '랜덤 임관');
    tryUniqueItemLottery(ctx, '랜덤 임관');
    return true;
  },
  alternative: () => ({ key: 'che_인재탐색', arg: null }),
};
