/**
 * What the CLI prints. On a terminal a status line stays at the bottom and is redrawn in
 * place (progress bars, the running world's figures); elsewhere (a pipe, a file) there is
 * no status line and progress comes as plain lines at every tenth. A reader that goes away
 * (`| head`) ends the command quietly: `onClosed` runs the command's own shutdown.
 */
const PLAIN_PROGRESS_FROM = 1_000;

export class Output {
  private statusText = '';
  private closedHandlers: Array<() => void> = [];
  private closed = false;
  private lastTenth = new Map<string, number>();

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stdout,
    readonly isTerminal = Boolean(stream.isTTY) && process.env.TERM !== 'dumb',
  ) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      this.close();
    });
  }

  /** Runs `handler` once stdout is gone (the reader closed the pipe). */
  onClosed(handler: () => void): void {
    this.closedHandlers.push(handler);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  line(text: string): void {
    if (this.closed) return;
    if (this.isTerminal && this.statusText) this.write(`\r\x1b[2K${text}\n${this.statusText}`);
    else this.write(`${text}\n`);
  }

  /** The bottom line on a terminal (nothing elsewhere). */
  status(text: string): void {
    if (this.closed || !this.isTerminal) return;
    this.statusText = text.slice(0, (this.stream.columns || 100) - 1);
    this.write(`\r\x1b[2K${this.statusText}`);
  }

  clearStatus(): void {
    if (this.closed || !this.isTerminal || !this.statusText) return;
    this.statusText = '';
    this.write('\r\x1b[2K');
  }

  /** A progress bar on a terminal; elsewhere a plain line at every tenth of a long task. */
  progress(label: string, done: number, total: number): void {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    if (this.isTerminal) {
      const width = 30;
      const filled = Math.round(share * width);
      this.status(`${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} (${Math.floor(share * 100)}%)`);
      return;
    }
    // A short task says only its result; a long one a line at every tenth.
    if (total < PLAIN_PROGRESS_FROM) return;
    const tenth = Math.floor(share * 10);
    if (tenth === this.lastTenth.get(label)) return;
    this.lastTenth.set(label, tenth);
    this.line(`${label}: ${done}/${total} (${tenth * 10}%)`);
  }

  private write(text: string): void {
    try {
      this.stream.write(text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
      this.close();
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const handler of this.closedHandlers) handler();
  }
}

/** A failure the CLI reports on one line (`chronicle: <message>`) before exiting non-zero. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}
