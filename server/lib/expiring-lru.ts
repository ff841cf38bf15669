// A Map in least-recently-used order, each entry with its expiry: the in-memory caches' store (session-cache.ts,
// graphql/answer-cache.ts). Bounded by entries, and optionally by their total weight (e.g. an answer's length);
// the least recently used go first.

export class ExpiringLru<V> {
  private readonly map = new Map<string, { value: V; expires: number; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly maxWeight = Infinity,
  ) {}

  get(key: string, now: number): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    if (entry.expires <= now) {
      this.weight -= entry.weight;
      return undefined;
    }
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now: number, weight = 0) {
    this.delete(key);
    if (weight > this.maxWeight) return;
    while (this.map.size > 0 && (this.map.size >= this.maxEntries || this.weight + weight > this.maxWeight)) this.delete(this.map.keys().next().value!);
    this.map.set(key, { value, expires: now + this.ttlMs, weight });
    this.weight += weight;
  }

  delete(key: string) {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    this.weight -= entry.weight;
  }

  deleteWhere(matches: (value: V) => boolean) {
    for (const [key, entry] of this.map) if (matches(entry.value)) this.delete(key);
  }

  clear() {
    this.map.clear();
    this.weight = 0;
  }

  get size() {
    return this.map.size;
  }

  /** The kept entries' total weight. */
  get totalWeight() {
    return this.weight;
  }
}
