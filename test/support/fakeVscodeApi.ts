// The plain value classes of a fake `vscode` module (events, tree items, hovers), shared by the unit tests that load
// src/features/* with test/support/fakeVscode.ts. Only data: nothing here records or talks to anything.
type Listener<T> = (e: T) => unknown;

export class EventEmitter<T> {
  private listeners: Array<Listener<T>> = [];
  readonly event = (l: Listener<T>): { dispose(): void } => {
    this.listeners.push(l);
    return { dispose: () => void (this.listeners = this.listeners.filter((x) => x !== l)) };
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class TreeItem {
  id?: string;
  description?: string;
  tooltip?: unknown;
  contextValue?: string;
  iconPath?: unknown;
  accessibilityInformation?: unknown;
  command?: unknown;
  constructor(
    readonly label: string,
    readonly collapsibleState: number,
  ) {}
}

export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: unknown,
  ) {}
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class MarkdownString {
  isTrusted?: unknown;
  supportHtml?: boolean;
  supportThemeIcons?: boolean;
  constructor(readonly value: string) {}
}

export class Range {
  constructor(
    readonly startLine: number,
    readonly startCharacter: number,
    readonly endLine: number,
    readonly endCharacter: number,
  ) {}
}

export class Hover {
  constructor(
    readonly contents: MarkdownString[],
    readonly range: Range,
  ) {}
}
