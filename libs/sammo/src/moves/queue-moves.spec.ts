import { engine } from '@chronicle/engine';
import { sammo } from '../game';
import { ITEMS } from '../items';
import { SammoTable } from '../testing/table';

const SEED = '4e'.repeat(32);

/** A synthetic world with one player general and one player taking over a nation's NPC. */
function table() {
  const t = new SammoTable({ world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60 }, SEED, ['p', 'q']);
  t.play('p', { type: 'createGeneral', name: '조운', leadership: 60, strength: 60, intel: 30 });
  const world = t.state.data;
  const own = [...world.generals.values()].find((g) => g.owner === 'p')!;
  return { t, world, own };
}

const actions = (queue: readonly { action: string }[]) => queue.map((s) => s.action);

describe('queue moves (legacy PushCommand, RepeatCommand, ReserveBulkCommand; DropItem)', () => {
  it('pushes the queue back with rests in front, pulls it forward with rests at the end', () => {
    const { t, own } = table();
    t.play('p', { type: 'reserveBulk', reservations: [{ command: 'che_훈련', slots: [0] }, { command: 'che_사기진작', slots: [1] }] });
    expect(actions(own.queue).slice(0, 3)).toEqual(['che_훈련', 'che_사기진작', '휴식']);
    t.play('p', { type: 'pushQueue', amount: 2 });
    expect(actions(own.queue).slice(0, 4)).toEqual(['휴식', '휴식', 'che_훈련', 'che_사기진작']);
    expect(own.queue).toHaveLength(30);
    t.play('p', { type: 'pushQueue', amount: -3 });
    expect(actions(own.queue).slice(0, 2)).toEqual(['che_사기진작', '휴식']);
    expect(own.queue).toHaveLength(30);
  });

  it('repeats the first turns over the whole queue', () => {
    const { t, own } = table();
    t.play('p', { type: 'reserveBulk', reservations: [{ command: 'che_훈련', slots: [0] }, { command: 'che_사기진작', slots: [1] }] });
    t.play('p', { type: 'repeatQueue', amount: 2 });
    expect(actions(own.queue)).toEqual(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 'che_훈련' : 'che_사기진작')));
    // Half the queue or more: only what fits is copied (legacy reqTurn).
    t.play('p', { type: 'reserveBulk', reservations: [{ command: 'che_징병', arg: { crewType: 1100, amount: 100 }, slots: [0] }] });
    t.play('p', { type: 'repeatQueue', amount: 12 });
    expect(own.queue[12]!.action).toBe('che_징병');
    expect(own.queue[24]!.action).toBe('che_징병');
  });

  it('refuses what the legacy refuses, and a bulk reservation with one bad command reserves nothing', () => {
    const { t, own } = table();
    const play = (payload: object) => () => t.play('p', payload as never);
    expect(play({ type: 'pushQueue', amount: 0 })).toThrow(/^0은 불가능합니다/);
    expect(play({ type: 'pushQueue', amount: 13 })).toThrow('pushQueue.amount must be a whole number from -12 to 12');
    expect(play({ type: 'repeatQueue', amount: 0 })).toThrow('repeatQueue.amount must be a whole number from 1 to 12');
    expect(play({ type: 'pushQueue', amount: 1, nation: true })).toThrow(/^수뇌부가 아닙니다/);
    expect(play({ type: 'reserveBulk', reservations: [{ command: 'che_훈련', slots: [0] }, { command: 'che_징병', arg: { crewType: 42, amount: 1 }, slots: [1] }] })).toThrow(/crew type 42/);
    expect(actions(own.queue)[0]).toBe('휴식');
    expect(play({ type: 'reserveBulk', reservations: [] })).toThrow(/reserveBulk.reservations must be a list of 1 to 30/);
    expect(play({ type: 'reserveBulk', reservations: [{ command: 'che_훈련', slots: [30] }] })).toThrow('reserveBulk.reservations[0].slots must be queue slots from 0 to 29');
    expect(play({ type: 'dropItem', itemType: 'horse' })).toThrow('아이템을 가지고 있지 않습니다.');
    expect(play({ type: 'dropItem', itemType: 'hat' })).toThrow('dropItem.itemType must be one of horse, weapon, book, item');
  });

  it('drops an item; a unique one is lost for the world to read', () => {
    const { t, world, own } = table();
    const shop = ITEMS.find((i) => i.slot === 'horse' && i.buyable)!;
    const unique = ITEMS.find((i) => i.slot === 'weapon' && !i.buyable)!;
    own.items = { horse: shop.key, weapon: unique.key };
    t.play('p', { type: 'dropItem', itemType: 'horse' });
    expect(own.items).toEqual({ weapon: unique.key });
    expect(world.logs.at(-1)).toMatchObject({ scope: 'general', subject: own.id, text: expect.stringMatching(/ 버렸습니다\.$/) });
    t.play('p', { type: 'dropItem', itemType: 'weapon' });
    expect(own.items).toBeUndefined();
    expect(world.history.at(-1)!.text).toMatch(/^【망실】 재야의 조운이 .+ 잃었습니다!$/);
  });

  it('replays: the log of queue moves gives the same queue', () => {
    const { t, own } = table();
    t.play('p', { type: 'reserveBulk', reservations: [{ command: 'che_훈련', slots: [0, 5] }] });
    t.play('p', { type: 'pushQueue', amount: 4 });
    t.play('p', { type: 'repeatQueue', amount: 3 });
    const replayed = engine.replay(sammo, t.log).data;
    expect(replayed.generals.get(own.id)!.queue).toEqual(own.queue);
  });
});
