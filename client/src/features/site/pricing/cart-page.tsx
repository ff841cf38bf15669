// /cart: the plan chosen on /pricing or /wizard, then on to sign-up (which records the plan on the new club).
import { Link } from '../../../lib/public-router';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { readSelectedPlan } from '../../../lib/selected-plan';
import { VERIFICATION_HOURS } from '../../../lib/offer';
import { useOffer } from '../../../lib/use-offer';
import { PlanFeatures } from './plan-card';
import { findPlan } from './plans';
import './pricing.css';

export default function CartPage() {
  useDocumentTitle('Il tuo piano');
  const [selected] = useState(readSelectedPlan);
  const plan = findPlan(selected?.name);
  const offer = useOffer();

  return (
    <section className="pub-section">
      <div className="pub-container pub-narrow">
        <p className="pub-eyebrow">Riepilogo</p>
        <h1 className="pub-h1">Il tuo piano</h1>
        {selected ? (
          <div className="pub-card cart-card" data-testid="cart-plan">
            <div className="cart-card__head">
              <h2 className="plan-card__name">{selected.name}</h2>
              {selected.price && <p className="cart-card__price">{selected.price}</p>}
            </div>
            {plan && <PlanFeatures plan={plan} />}
            <ul className="cart-offer">
              {offer.copy.cart.map((line) => (
                <li key={line}>{line}</li>
              ))}
              <li>Entro {VERIFICATION_HOURS} ore verifichiamo la società e ti telefoniamo.</li>
            </ul>
            <div className="cart-actions">
              <Link to="/signup" className="pub-btn pub-btn--primary">
                Continua con la registrazione
              </Link>
              <Link to="/pricing" className="pub-btn pub-btn--ghost">
                Cambia piano
              </Link>
            </div>
          </div>
        ) : (
          <div className="pub-card cart-card" data-testid="cart-empty">
            <p>Non hai ancora scelto un piano.</p>
            <div className="cart-actions">
              <Link to="/pricing" className="pub-btn pub-btn--primary">
                Scegli un piano
              </Link>
              <Link to="/wizard" className="pub-btn pub-btn--ghost">
                Aiutami a scegliere
              </Link>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
