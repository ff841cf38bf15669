import { useCallback } from 'react';
import { useNavigate } from '../../../lib/public-router';
import { writeSelectedPlan } from '../../../lib/selected-plan';
import type { Plan } from './plans';

/** "Scegli piano": stores {name, price} (localStorage 'campobase.plan') and opens /cart. */
export function useChoosePlan(): (plan: Plan) => void {
  const navigate = useNavigate();
  return useCallback(
    (plan: Plan) => {
      writeSelectedPlan({ name: plan.name, price: plan.priceText });
      void navigate('/cart');
    },
    [navigate],
  );
}
