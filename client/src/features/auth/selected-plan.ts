// The plan chosen on /pricing ("Scegli piano"), kept in localStorage as JSON {name, price}.
export const SELECTED_PLAN_STORAGE_KEY = 'campobase.plan';

export interface SelectedPlan {
  name: string;
  price?: string;
}

export function readSelectedPlan(): SelectedPlan | null {
  try {
    const raw = window.localStorage.getItem(SELECTED_PLAN_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { name, price } = parsed as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') return null;
    return { name: name.trim(), ...(typeof price === 'string' || typeof price === 'number' ? { price: String(price) } : {}) };
  } catch {
    return null;
  }
}
