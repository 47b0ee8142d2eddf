import { IllegalMove } from '@chronicle/engine';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { readWorld, writeWorld } from '../state/serialize';
import { DIPLOMACY_MASK, MESSAGES_SHOWN } from '../views/mailbox';
import { publicView } from '../views/public-view';
import { seatView } from '../views/seat-view';
import { moveView } from '../views/move-view';
import { MAILBOX_NATIONAL, MAILBOX_PUBLIC } from './messages';

const SEED = '6e'.repeat(32);
const MA_TENG = 10; // 마등, ruler 94
const ZHANG = 14; // 장양, ruler 328

/** 서북 with 마등 (ruler 94) and a plain member of his, and 장양 (ruler 328) and a plain member of his, taken over by players. */
function mailTable() {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma', 'a', 'zhang', 'z']);
  const world = table.state.data;
  const plain = (nation: number) => [...world.generals.values()].find((g) => g.nation === nation && g.officerLevel === 1 && g.npc >= 2 && g.npc !== 5)!;
  const a = plain(MA_TENG);
  const z = plain(ZHANG);
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('a', { type: 'possess', generalId: a.id });
  table.play('zhang', { type: 'possess', generalId: 328 });
  table.play('z', { type: 'possess', generalId: z.id });
  a.belong = 0;
  return { table, world, a, z };
}

const texts = (list: { text: string }[]) => list.map((m) => m.text);

describe('messages (legacy Message/SendMessage and GetRecentMessage)', () => {
  it('each mailbox is read by whom the legacy lets read it: the public by anyone, a nation\'s by its members, a private one by its two generals', () => {
    const { table, world, a, z } = mailTable();
    table.play('a', { type: 'sendMessage', mailbox: MAILBOX_PUBLIC, text: '모두 들으라' });
    table.play('a', { type: 'sendMessage', mailbox: MAILBOX_NATIONAL + MA_TENG, text: '서량의 장수들에게' });
    // Below permission 4, a nation's mailbox is always one's own, whatever nation it names.
    table.play('a', { type: 'sendMessage', mailbox: MAILBOX_NATIONAL + ZHANG, text: '우리 나라에' });
    table.play('a', { type: 'sendMessage', mailbox: z.id, text: '은밀히 전한다' });
    expect(world.messages!.map((m) => [m.id, m.kind, m.from, m.fromNation, m.to])).toEqual([
      [1, 'public', a.id, MA_TENG, 0], [2, 'national', a.id, MA_TENG, MA_TENG], [3, 'national', a.id, MA_TENG, MA_TENG], [4, 'private', a.id, MA_TENG, z.id],
    ]);
    expect(texts(publicView(world).messages)).toEqual(['모두 들으라']);
    expect(seatView(world, 'ma').messages).toMatchObject({ national: [{ text: '서량의 장수들에게' }, { text: '우리 나라에' }], private: [] });
    expect(texts(seatView(world, 'z').messages.private)).toEqual(['은밀히 전한다']);
    expect(texts(seatView(world, 'a').messages.private)).toEqual(['은밀히 전한다']);
    expect(seatView(world, 'zhang').messages).toMatchObject({ public: [{ text: '모두 들으라' }], national: [], private: [] });
    // Nothing of a message but the public ones reaches anyone else, nor any move's public view.
    expect(JSON.stringify(publicView(world))).not.toMatch(/서량의|우리 나라|은밀히/);
    expect(JSON.stringify(seatView(world, 'zhang'))).not.toMatch(/서량의|우리 나라|은밀히/);
    for (const move of table.log.moves.slice(-4)) expect(JSON.stringify(moveView(world, move, null))).not.toMatch(/모두|서량|은밀히/);
    expect(readWorld(writeWorld(world)).messages).toEqual(world.messages);
  });

  it('lets the holders of permission 4 write between nations, read whole from permission 3 and as (외교 메시지입니다) below', () => {
    const { table, world, a, z } = mailTable();
    table.play('ma', { type: 'sendMessage', mailbox: MAILBOX_NATIONAL + ZHANG, text: '동맹을 청한다' });
    expect(world.messages!.at(-1)).toMatchObject({ kind: 'diplomacy', fromNation: MA_TENG, to: ZHANG });
    expect(texts(seatView(world, 'zhang').messages.diplomacy)).toEqual(['동맹을 청한다']);
    expect(seatView(world, 'z').messages.diplomacy).toEqual([expect.objectContaining({ text: DIPLOMACY_MASK, masked: true })]);
    expect(seatView(world, 'a').messages.diplomacy).toEqual([expect.objectContaining({ text: DIPLOMACY_MASK, masked: true })]);
    z.permission = 'auditor';
    expect(texts(seatView(world, 'z').messages.diplomacy)).toEqual(['동맹을 청한다']);
    expect(JSON.stringify(publicView(world))).not.toContain('동맹을');
    // Two nations' holders of permission 4 do not write privately.
    expect(() => table.play('ma', { type: 'sendMessage', mailbox: 328, text: '사신을 보낸다' })).toThrow('외교권자끼리는 메시지를 보낼 수 없습니다.');
    expect(() => table.play('ma', { type: 'sendMessage', mailbox: MAILBOX_NATIONAL + 77, text: '누구냐' })).toThrow('존재하지 않는 국가입니다.');
    table.play('ma', { type: 'sendMessage', mailbox: a.id, text: '수고했다' });
    expect(texts(seatView(world, 'a').messages.private)).toEqual(['수고했다']);
    // 9000 is 재야's mailbox (the legacy's nation 0): a letter there is diplomacy that nobody's permission masks.
    table.play('ma', { type: 'sendMessage', mailbox: MAILBOX_NATIONAL, text: '재야의 인재들이여' });
    expect(world.messages!.at(-1)).toMatchObject({ kind: 'diplomacy', fromNation: MA_TENG, to: 0 });
    expect(seatView(world, 'a').messages.diplomacy.at(-1)).toEqual(expect.objectContaining({ text: '재야의 인재들이여' }));
    expect(seatView(world, 'a').messages.diplomacy.at(-1)!.masked).toBeUndefined();
  });

  it('refuses what the legacy refuses, in its words, and leaves the log untouched', () => {
    const { table, a } = mailTable();
    const revision = table.log.revision;
    const play = (payload: object) => () => table.play('a', payload as never);
    expect(() => table.play('ma', { type: 'sendMessage', mailbox: 88_888, text: '?' })).toThrow('존재하지 않는 국가입니다.');
    expect(play({ type: 'sendMessage', mailbox: -3, text: '?' })).toThrow(IllegalMove);
    expect(play({ type: 'sendMessage', mailbox: 5_000, text: '?' })).toThrow('존재하지 않는 유저입니다.');
    expect(play({ type: 'sendMessage', mailbox: 0, text: '?' })).toThrow('알 수 없는 에러입니다.');
    expect(play({ type: 'sendMessage', mailbox: MAILBOX_PUBLIC, text: '' })).toThrow('sendMessage.text must be a text of 1 character or more');
    expect(play({ type: 'sendMessage', mailbox: MAILBOX_PUBLIC, text: 'x'.repeat(2_001) })).toThrow('sendMessage.text must be at most 2000 characters, not 2001');
    expect(play({ type: 'sendMessage', mailbox: '9999', text: '?' })).toThrow('sendMessage.mailbox must be 9999');
    a.block = 1;
    expect(play({ type: 'sendMessage', mailbox: MAILBOX_PUBLIC, text: '!' })).toThrow('차단되었습니다.');
    a.block = 2;
    table.play('a', { type: 'sendMessage', mailbox: MAILBOX_PUBLIC, text: '턴블럭은 말할 수 있다' });
    expect(table.log.revision).toBe(revision + 1);
  });

  it('shows each mailbox\'s newest fifteen, oldest first', () => {
    const { table, world } = mailTable();
    for (let i = 1; i <= 20; i++) table.play('a', { type: 'sendMessage', mailbox: MAILBOX_PUBLIC, text: `${i}` });
    expect(texts(publicView(world).messages)).toEqual(Array.from({ length: MESSAGES_SHOWN }, (_, i) => `${i + 6}`));
  });
});
