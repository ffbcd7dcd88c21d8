// What a tree row shows in a side bar of VS Code's default width (300 px): the characters of "label description"
// left after the row's indent, twistie and icon, at the workbench's 13 px font. Shared by the unit and in-editor
// tests of the watchlist's rows, so both cut a row where a person's side bar does.

/** The side bar's default width. */
export const SIDE_BAR_PX = 300;
/** VS Code's tree indent per level (workbench.tree.indent), the twistie and the icon with their padding. */
const INDENT_PX = 8;
const TWISTIE_AND_ICON_PX = 44;
/** A character of the 13 px UI font, rounded up (digits and capitals are the widest of a row's text). */
const CHAR_PX = 8;

/** Characters of a row shown at `depth` (1: an account; 2: its Changes node; 3: a row under it). */
export function visibleChars(depth: number, widthPx = SIDE_BAR_PX): number {
  return Math.floor((widthPx - TWISTIE_AND_ICON_PX - INDENT_PX * (depth - 1)) / CHAR_PX);
}

/** What a person reads of a row: its label, a space, its description, cut where the side bar ends. */
export function visibleRow(label: string, description: string | undefined, depth: number, widthPx = SIDE_BAR_PX): string {
  return `${label} ${description ?? ''}`.trimEnd().slice(0, visibleChars(depth, widthPx));
}
