// The legacy payloads speak snake_case (tax_id_code); the services speak camelCase (taxIdCode).
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

export function toSnakeKeys<V>(record: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [snake(k), v]));
}

/** Shallow: nested objects are mapped by the module that knows their shape. */
export function toCamelKeys<V>(record: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [camel(k), v]));
}
