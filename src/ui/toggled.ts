/** A copy of `set` with `value` taken out when it was in, put in when it was not (a checkbox or expander's state). */
export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const n = new Set(set);
  if (n.has(value)) n.delete(value);
  else n.add(value);
  return n;
}
