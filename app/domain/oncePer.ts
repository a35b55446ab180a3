/**
 * A value made once per object: the first call with an object builds it, later calls with the same
 * object get the same value, kept only as long as the object lives (a reloaded dealer config or a new
 * platform is a new object, so it gets its own).
 */
export function oncePer<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = build(key);
    kept.set(key, value);
    return value;
  };
}
