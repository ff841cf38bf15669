// A Map in least-recently-used order, each entry with its expiry: the in-memory caches' store (session-cache.ts,
// graphql/answer-cache.ts). Bounded by entries; the least recently used goes first.

export class ExpiringLru<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now: number): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    if (entry.expires <= now) return undefined;
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now: number) {
    this.map.delete(key);
    if (this.map.size >= this.maxEntries) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: string) {
    this.map.delete(key);
  }

  deleteWhere(matches: (value: V) => boolean) {
    for (const [key, entry] of this.map) if (matches(entry.value)) this.map.delete(key);
  }

  clear() {
    this.map.clear();
  }

  get size() {
    return this.map.size;
  }
}
