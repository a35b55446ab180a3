/**
 * The loop a background worker runs (the lead worker, the alert worker): a pass, then a sleep until the
 * next poll (or sooner when the pass says so, or when `wake()` is called because new work was stored);
 * a pass that throws (the database unreachable or closing) is tried again at the next poll and said
 * once a minute. `stop()` lets the pass in flight finish within a grace period, then aborts `signal` so
 * sends still running give up (their rows fall due again on the next start).
 */
import { log } from "../log";

export interface PollLoopOptions {
  /** Longest sleep between passes. */
  pollMs: number;
  /** One pass; resolves with how long to wait before the next (0: at once, more may be due). */
  pass(): Promise<number>;
  /** What the log says when a pass fails, e.g. "lead delivery: cannot read the outbox, will retry". */
  failure: string;
}

export class PollLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private lastFailureLogged = 0;
  private readonly stopping = new AbortController();

  constructor(private readonly options: PollLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Aborted when `stop()`'s grace period ran out: work in flight is to give up. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Starts polling, with a pass at once (whatever is already due, e.g. after a restart). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.woken = true;
    this.loop = this.run();
  }

  /** New work was stored: the next pass starts now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops polling and waits up to `graceMs` for the pass in flight; past it, `signal` aborts. */
  async stop(graceMs: number): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    if (!this.loop) return;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
    const result = await Promise.race([this.loop.then(() => "done" as const), graceOver]);
    clearTimeout(timer);
    if (result === "late") {
      this.stopping.abort(new Error("the server is shutting down"));
      await Promise.race([this.loop, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    }
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let waitMs = this.options.pollMs;
      try {
        waitMs = await this.options.pass();
      } catch (error) {
        if (Date.now() - this.lastFailureLogged > 60_000) {
          this.lastFailureLogged = Date.now();
          log.warn(this.options.failure, { error: String(error) });
        }
      }
      if (!this.running) break;
      if (waitMs > 0) await this.sleep(Math.min(this.options.pollMs, waitMs));
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref?.();
      this.wakeUp = done;
    });
  }
}
