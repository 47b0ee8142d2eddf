import { chronicle, userEnvironment } from './testing/run-cli';

describe('chronicle --help', () => {
  const env = userEnvironment({});

  it('shows every command with its options and an example', async () => {
    const run = await chronicle(['--help'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const [listing, details] = run.stdout.split('Every command, its options and an example');
    const commands = [...listing!.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]!).filter((name) => name !== 'help');
    expect(commands).toEqual(expect.arrayContaining(['start', 'verify', 'replay', 'open', 'open-world', 'tables', 'watch', 'intent', 'outcome', 'show', 'log']));
    // Each command's block: its usage line, its options, and an example that runs it.
    const blocks = details!.split(/\n(?= {2}[a-z-]+ )/).slice(1);
    expect(blocks.map((block) => block.trim().split(' ')[0])).toEqual(commands);
    for (const block of blocks) {
      const name = block.trim().split(' ')[0]!;
      expect([name, block]).toEqual([name, expect.stringMatching(new RegExp(`^ {6}e\\.g\\. npm (start|run chronicle -- ${name})\\b`, 'm'))]);
    }
    expect(blocks.find((b) => b.trim().startsWith('verify'))).toMatch(/--commitment <hex> +the SHA-256 commitment/);
  }, 60_000);

  it("shows a command's own help with its example", async () => {
    const run = await chronicle(['watch', '--help'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: chronicle watch \[options\] <table>/m);
    expect(run.stdout).toMatch(/^Example:\n {2}npm run chronicle -- watch sample-world$/m);
  }, 60_000);
});
