// The watchlist's auto-refresh: runs while the interval setting is above zero (the view open or not), re-armed when
// it changes, and always cleared on dispose (no timer outlives the extension).
import type * as vscode from 'vscode';

export class RefreshTimer implements vscode.Disposable {
  #timer: ReturnType<typeof setInterval> | undefined;
  #seconds = 0;

  constructor(
    private readonly refresh: () => unknown,
    private readonly wanted: () => number,
  ) {}

  /** Matches the timer to `wanted()` seconds (0: none); a change of interval restarts it. */
  arm(): void {
    const seconds = this.wanted();
    if (seconds === this.#seconds) return;
    clearInterval(this.#timer);
    this.#seconds = seconds;
    this.#timer = seconds > 0 ? setInterval(() => void this.refresh(), seconds * 1000) : undefined;
  }

  dispose(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#seconds = 0;
  }
}
