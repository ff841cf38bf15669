// The funnel name of a lead (spec §2: the `fn` query parameter, default `direct`). Kept free of zod so the public
// lead pages can read `fn` without loading the validation library before the visitor submits.
import { DEFAULT_FUNNEL } from '../constants';

/**
 * A short lower-case slug ("Volantino 2026" -> volantino-2026), `direct` when absent or unusable. Never a
 * validation error: the visitor cannot see or fix it, and a lead must not be lost over it.
 */
export function funnelName(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 64)
    .replace(/[-.]+$/, '');
  return slug || DEFAULT_FUNNEL;
}
