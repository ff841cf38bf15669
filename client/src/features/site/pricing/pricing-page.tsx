// /pricing (spec §2, §9): the Gratis, Pro and Club cards; "Scegli piano" remembers the plan and opens /cart.
import { Link } from '../../../lib/public-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOffer } from '../../../lib/use-offer';
import { useChoosePlan } from './choose-plan';
import { PlanFeatures, PlanPrice } from './plan-card';
import { PLANS } from './plans';
import './pricing.css';

export default function PricingPage() {
  useDocumentTitle('Prezzi');
  const choosePlan = useChoosePlan();
  const offer = useOffer();

  return (
    <>
      <section className="pub-section pricing-head">
        <div className="pub-container">
          <p className="pub-eyebrow">Prezzi</p>
          <h1 className="pub-h1">Un piano per ogni società, senza sorprese.</h1>
          <p className="pub-lead">
            Prezzi mensili IVA esclusa, disdici quando vuoi. {offer.copy.summary}
          </p>
        </div>
      </section>
      <section className="pub-container pricing-cards" aria-label="Piani">
        {PLANS.map((plan) => (
          <article
            key={plan.name}
            className="pub-card plan-card"
            data-highlighted={plan.highlighted || undefined}
            aria-labelledby={`plan-${plan.name}`}
          >
            {plan.highlighted && <p className="pub-badge plan-card__badge">Il più scelto</p>}
            <h2 id={`plan-${plan.name}`} className="plan-card__name">
              {plan.name}
            </h2>
            <p className="pub-muted plan-card__tagline">{plan.tagline}</p>
            <PlanPrice plan={plan} />
            <PlanFeatures plan={plan} />
            <button
              type="button"
              className={`pub-btn pub-btn--block ${plan.highlighted ? 'pub-btn--primary' : 'pub-btn--ghost'}`}
              onClick={() => choosePlan(plan)}
              aria-label={`Scegli piano ${plan.name}`}
            >
              Scegli piano
            </button>
          </article>
        ))}
      </section>
      <section className="pub-section" aria-labelledby="pricing-faq">
        <div className="pub-container pub-narrow">
          <h2 id="pricing-faq" className="pub-h2">
            Domande frequenti
          </h2>
          {offer.copy.faq && (
            <details className="pricing-faq">
              <summary>{offer.copy.faq.question}</summary>
              <p>{offer.copy.faq.answer}</p>
            </details>
          )}
          <details className="pricing-faq">
            <summary>Posso cambiare piano?</summary>
            <p>Sì, in qualsiasi momento dall&apos;area riservata: il cambio vale dal mese successivo.</p>
          </details>
          <details className="pricing-faq">
            <summary>Non so quale piano scegliere.</summary>
            <p>
              Rispondi a quattro domande e ti consigliamo il piano giusto: <Link to="/wizard">trova il tuo piano</Link>.
            </p>
          </details>
        </div>
      </section>
    </>
  );
}
