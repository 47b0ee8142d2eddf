import type { World } from '@chronicle/sammo';
import { seatView, type MessageView } from '@chronicle/sammo';
import type { RandUtil } from '@chronicle/sammo/rules';
import type { Area } from './areas';
import { caseTable, pick } from './case-helpers';
import { MAP, fixtureWorld, randomCity, randomGeneral, type Fixture, type FixtureGeneral, type FixtureNation } from './fixtures';

interface MailboxGeneral extends FixtureGeneral { permission?: 'ambassador' | 'auditor' }
export interface MailboxCase extends Fixture {
  nations: (FixtureNation & { secretlimit: number })[];
  generals: MailboxGeneral[];
  /** Each in the sender's session, in order (legacy Message/SendMessage's `mailbox` and `text`). */
  sends: [sender: number, mailbox: number, text: string][];
  /** Whose mailboxes are read after them (Message/GetRecentMessage). */
  reader: number;
}

/**
 * Each send's answer (true, or the refusal's words), then what the reader reads, newest first:
 * public [from, from's nation, text], national and diplomacy [from, from's nation, to nation,
 * text] (the diplomacy text as the reader's permission shows it), private [from, to, text].
 */
interface MailboxResult {
  answers: (true | string)[];
  public: [number, number, string][];
  national: [number, number, number, string][];
  diplomacy: [number, number, number, string][];
  private: [number, number, string][];
}

const CITY_IDS = [...MAP.keys()];

function generateCase(rng: RandUtil): MailboxCase {
  const free = CITY_IDS.slice();
  rng.shuffle(free);
  const cities = [];
  const nations: MailboxCase['nations'] = [];
  const generals: MailboxGeneral[] = [];
  let id = 1;
  for (let n = 1, count = rng.nextRangeInt(1, 3); n <= count; n++) {
    const held = free.splice(0, rng.nextRangeInt(1, 2));
    for (const city of held) cities.push(randomCity(rng, city, n));
    nations.push({ id: n, name: `국가${n}`, capital: held[0]!, level: rng.nextRangeInt(0, 7), tech: 0, gold: 1000, rice: 1000, type: 'che_중립', gennum: 0, secretlimit: rng.nextRangeInt(1, 5) });
    for (const level of [12, ...Array.from({ length: rng.nextRangeInt(1, 4) }, () => pick(rng, [1, 1, 2, 5, 11]))]) {
      const g: MailboxGeneral = { ...randomGeneral(rng, id, n, pick(rng, held), level, level >= 2 && level <= 4 ? pick(rng, held) : 0), belong: rng.nextInt(6) };
      // Holders of permission 4 in two nations may not write each other: rulers and 외교권자 often.
      if (level < 12 && rng.nextBool(0.3)) g.permission = pick(rng, ['ambassador', 'auditor'] as const);
      generals.push(g);
      id += 1;
    }
    nations.at(-1)!.gennum = generals.filter((g) => g.nation === n).length;
  }
  for (let i = rng.nextInt(2); i > 0; i--) generals.push(randomGeneral(rng, id++, 0, pick(rng, CITY_IDS), 0, 0));
  for (const g of generals) if (!cities.some((c) => c.id === g.city)) cities.push(randomCity(rng, g.city, 0));
  const sends: MailboxCase['sends'] = Array.from({ length: rng.nextRangeInt(1, 20) }, (_, i) => {
    const sender = pick(rng, generals);
    const mailbox = ((): number => {
      switch (rng.nextInt(6)) {
        case 0: return 9999;
        case 1: return 9000 + sender.nation;
        case 2: return 9000 + rng.nextRangeInt(0, nations.length + 1);
        case 3: case 4: return pick(rng, generals).id;
        default: return pick(rng, [0, -3, 999]);
      }
    })();
    return [sender.id, mailbox, `메시지 ${i}: ${sender.id} → ${mailbox}`];
  });
  return { year: 190 + rng.nextInt(5), month: rng.nextRangeInt(1, 12), startyear: 190, cities, nations, generals, diplomacy: [], sends, reader: pick(rng, generals).id };
}

/** libs/sammo's sendMessage moves as a table checks and applies them, then the reader's seat view's mailboxes. */
function sammoMailbox(c: MailboxCase): MailboxResult {
  const world: World = fixtureWorld(c);
  for (const n of c.nations) world.nations.get(n.id)!.secretlimit = n.secretlimit;
  for (const g of c.generals) {
    const general = world.generals.get(g.id)!;
    general.owner = `seat-${g.id}`;
    if (g.permission) general.permission = g.permission;
  }
  const seats = c.generals.map((g) => `seat-${g.id}`);
  const table = caseTable(world, seats);
  const answers = c.sends.map(([sender, mailbox, text]) => table.play(`seat-${sender}`, { type: 'sendMessage', generalId: sender, mailbox, text }));
  const box = seatView(world, `seat-${c.reader}`).messages;
  const newestFirst = (list: MessageView[]) => [...list].reverse();
  return {
    answers,
    public: newestFirst(box.public).map((m) => [m.from, m.fromNation, m.text]),
    national: newestFirst(box.national).map((m) => [m.from, m.fromNation, m.to, m.text]),
    diplomacy: newestFirst(box.diplomacy).map((m) => [m.from, m.fromNation, m.to, m.text]),
    private: newestFirst(box.private).map((m) => [m.from, m.to, m.text]),
  };
}

export const mailboxArea: Area<MailboxCase, MailboxResult> = {
  name: 'mailbox',
  about: 'the mailbox: Message/SendMessage in each sender’s session, then Message/GetRecentMessage in the reader’s, beside libs/sammo’s sendMessage moves and the reader’s seat view',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: sammoMailbox,
};
