import { sammo, type SeatPlayView } from '../game';
import { SammoTable } from '../testing/table';
import { commandTable } from './command-table';

const SEED = '6a'.repeat(32);

describe('the command table (legacy GetCommandTable)', () => {
  const t = new SammoTable({ world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60 }, SEED, ['p', 'q']);
  t.play('p', { type: 'createGeneral', name: '조운', leadership: 60, strength: 60, intel: 30 });
  const world = t.state.data;
  const wanderer = [...world.generals.values()].find((g) => g.owner === 'p')!;

  it('lists the world\'s general commands in order, each possible or with the legacy\'s reason', () => {
    const table = commandTable(world, wanderer);
    expect(table.general.map((c) => c.key)).toEqual(world.env.commandLists?.general ?? expect.arrayContaining(['휴식', 'che_징병', 'che_임관', 'che_거병']));
    const byKey = new Map(table.general.map((c) => [c.key, c]));
    expect(byKey.get('휴식')).toMatchObject({ possible: true, reason: null, needsArg: false });
    // A wanderer cannot conscript (no nation), may join one (임관 takes a nation: judged without it).
    expect(byKey.get('che_징병')).toMatchObject({ possible: false, needsArg: true, reason: '재야입니다.' });
    expect(byKey.get('che_임관')).toMatchObject({ needsArg: true });
    expect(byKey.get('che_하야')!.possible).toBe(false);
    expect(table.chief).toBeNull();
  });

  it('gives a chief its nation commands', () => {
    const ruler = [...world.generals.values()].find((g) => g.officerLevel === 12)!;
    const table = commandTable(world, ruler);
    expect(table.chief!.map((c) => c.key)).toContain('che_선전포고');
    expect(table.chief!.find((c) => c.key === '휴식')).toMatchObject({ possible: true });
    expect(table.general.find((c) => c.key === 'che_징병')!.reason).not.toBe('재야입니다.');
  });

  it('comes with a seat\'s whole view, not with a read of what is new, and is null for a seat without a general', () => {
    const view = (seat: string, since?: number) => sammo.views!.seat(t.state, seat, since) as unknown as SeatPlayView;
    expect(view('p').commandTable).toEqual(commandTable(world, wanderer));
    expect(view('p', t.state.revision)).not.toHaveProperty('commandTable');
    expect(view('q').commandTable).toBeNull();
  });
});
