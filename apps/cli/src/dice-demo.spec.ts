import { commitmentOf } from '@chronicle/engine';
import { runDiceDemo } from './dice-demo';

describe('dice demo', () => {
  it('shows the commitment first and ends with a verified log of a finished race', async () => {
    const lines: string[] = [];
    const log = await runDiceDemo({ players: 3, finish: 15 }, (line) => lines.push(line));
    const committed = lines.find((l) => l.startsWith('commitment'))!;
    expect(committed).toContain(commitmentOf(log.seed));
    expect(lines.findIndex((l) => l.startsWith('commitment'))).toBeLessThan(lines.findIndex((l) => l.startsWith('move')));
    expect(lines.filter((l) => l.startsWith('move'))).toHaveLength(log.revision);
    expect(lines.at(-1)).toMatch(/^verified: the seed matches the commitment and the \d+ moves replay/);
  });
});
