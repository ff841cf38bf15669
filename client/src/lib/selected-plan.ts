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

/** Remembers the plan chosen on /pricing or /wizard (read back by /cart and the sign-up wizard). */
export function writeSelectedPlan(plan: SelectedPlan): void {
  try {
    window.localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, JSON.stringify({ name: plan.name, price: plan.price }));
  } catch {
    // storage disabled: /cart will offer to choose again
  }
}
