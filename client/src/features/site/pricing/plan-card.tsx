import type { Plan } from './plans';

export function PlanFeatures({ plan }: { plan: Plan }) {
  return (
    <ul className="plan-features">
      {plan.features.map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}

export function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <p className="plan-price">
      <span className="plan-price__amount">{plan.monthlyEuro} €</span>
      <span className="plan-price__unit">/mese</span>
    </p>
  );
}
