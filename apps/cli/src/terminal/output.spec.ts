import { Writable } from 'node:stream';
import { Output } from './output';

/** A stdout that keeps what is written, and can break as a closed pipe does. */
class FakeStdout extends Writable {
  text = '';
  columns = 40;
  failWith: string | null = null;

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }

  override write(chunk: string): boolean {
    if (this.failWith) throw Object.assign(new Error(`write ${this.failWith}`), { code: this.failWith });
    return super.write(chunk);
  }
}

const make = (terminal: boolean) => {
  const stream = new FakeStdout();
  return { stream, out: new Output(stream as unknown as NodeJS.WriteStream, terminal) };
};

describe('the CLI output', () => {
  it('into a pipe or a file: plain lines only, no status line, progress of a long task at every tenth', () => {
    const { stream, out } = make(false);
    out.line('one');
    out.status('date · nations · Ctrl-C stops');
    out.progress('short task', 5, 10);
    for (let done = 0; done <= 2_000; done += 50) out.progress('verifying', done, 2_000);
    out.clearStatus();
    out.line('two');
    expect(stream.text).not.toMatch(/[\r\x1b]/);
    expect(stream.text.split('\n')).toEqual([
      'one',
      ...[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => `verifying: ${(p * 2_000) / 100}/2000 (${p}%)`),
      'two',
      '',
    ]);
  });

  it('on a terminal: a status line kept at the bottom, cut to its width, under the lines written meanwhile', () => {
    const { stream, out } = make(true);
    out.status(`187년 2월 · ${'x'.repeat(60)}`);
    expect(stream.text).toBe(`\r\x1b[2K187년 2월 · ${'x'.repeat(39 - '187년 2월 · '.length)}`);
    stream.text = '';
    out.line('an event');
    expect(stream.text).toMatch(/^\r\x1b\[2Kan event\n187년 2월 · x+$/);
    stream.text = '';
    out.progress('verifying', 50, 100);
    expect(stream.text).toBe('\r\x1b[2Kverifying [###############...............] 50/100 (50%)'.slice(0, '\r\x1b[2K'.length + 39));
    out.clearStatus();
    stream.text = '';
    out.line('done');
    expect(stream.text).toBe('done\n');
  });

  it('ends quietly when the reader goes away (EPIPE), once, whether the write throws or the stream reports it', () => {
    for (const how of ['throws', 'reports'] as const) {
      const { stream, out } = make(false);
      const closed: string[] = [];
      out.onClosed(() => closed.push(how));
      out.line('before');
      if (how === 'throws') {
        stream.failWith = 'EPIPE';
        out.line('lost');
      } else {
        stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      }
      stream.failWith = null;
      out.line('after');
      stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      expect([how, out.isClosed, closed, stream.text]).toEqual([how, true, [how], 'before\n']);
    }
  });

  it('lets any other write error through', () => {
    const { stream, out } = make(false);
    stream.failWith = 'EIO';
    expect(() => out.line('x')).toThrow('write EIO');
  });
});
