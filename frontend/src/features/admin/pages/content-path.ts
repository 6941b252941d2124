// Edits of a page's content by path, without changing anything else: every object on the way is
// copied. List items keep a key of their own across edits and moves, so that their editors (the
// rich texts' TipTap) stay with them when they move.

export type Path = readonly (string | number)[];

const itemKeys = new WeakMap<object, string>();
let lastKey = 0;

/** A list item's key, the same for every copy made of it by setAt. */
export function itemKey(item: unknown): string {
  if (typeof item !== 'object' || item === null) return 'scalar';
  let key = itemKeys.get(item);
  if (!key) {
    lastKey += 1;
    key = `item-${lastKey}`;
    itemKeys.set(item, key);
  }
  return key;
}

function carry<T extends object>(from: object, to: T): T {
  const key = itemKeys.get(from);
  if (key) itemKeys.set(to, key);
  return to;
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, step) => (at as Record<string | number, unknown> | undefined)?.[step], value);
}

/** `value` with `next` at `path`. */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[step as number] = setAt(value[step as number], rest, next);
    return carry(value, copy) as T;
  }
  const record = value as Record<string, unknown>;
  return carry(record, { ...record, [step as string]: setAt(record[step as string], rest, next) }) as T;
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** A path as an element id's part ("hero-title", "items-2-name"). */
export const pathId = (path: Path) => path.join('-');
