// /wizard: four questions, one per step, then the recommended plan; "Scegli" stores it as the selected plan
// and opens /cart (same path as "Scegli piano" on /pricing).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../../lib/public-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOffer } from '../../../lib/use-offer';
import { useChoosePlan } from '../pricing/choose-plan';
import { PlanFeatures, PlanPrice } from '../pricing/plan-card';
import { findPlan } from '../pricing/plans';
import { recommendPlan, WIZARD_QUESTIONS, type WizardAnswers } from './recommend-plan';
import '../pricing/pricing.css';
import './wizard.css';

export default function WizardPage() {
  useDocumentTitle('Trova il tuo piano');
  const offer = useOffer();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<WizardAnswers>({ needs: [] });
  const choosePlan = useChoosePlan();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const done = step >= WIZARD_QUESTIONS.length;

  // Each step moves focus to its question, so screen readers announce it.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  if (done) {
    const recommendation = recommendPlan(answers);
    const plan = findPlan(recommendation.plan)!;
    return (
      <WizardFrame step={step}>
        <div className="pub-card wizard-result" data-testid="wizard-result">
          <p className="pub-eyebrow">Il piano per te</p>
          <h2 ref={headingRef} tabIndex={-1} className="plan-card__name">
            {plan.name}
          </h2>
          <PlanPrice plan={plan} />
          <ul className="wizard-reasons">
            {recommendation.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {recommendation.overBudget && <p className="pub-alert pub-alert--info">{offer.copy.overBudget}</p>}
          <PlanFeatures plan={plan} />
          <div className="cart-actions">
            <button type="button" className="pub-btn pub-btn--primary" onClick={() => choosePlan(plan)}>
              Scegli {plan.name}
            </button>
            <button
              type="button"
              className="pub-btn pub-btn--ghost"
              onClick={() => {
                setAnswers({ needs: [] });
                setStep(0);
              }}
            >
              Ricomincia
            </button>
          </div>
          <p className="pub-muted">
            Vuoi confrontarli tutti? <Link to="/pricing">Vedi i prezzi</Link>.
          </p>
        </div>
      </WizardFrame>
    );
  }

  const question = WIZARD_QUESTIONS[step];
  const value = answers[question.key];
  const selected = (option: string) => (Array.isArray(value) ? value.includes(option as never) : value === option);
  const canContinue = question.multiple || value !== undefined;

  const toggle = (option: string) => {
    setAnswers((current) => {
      if (!question.multiple) return { ...current, [question.key]: option };
      const needs = current.needs.includes(option as never)
        ? current.needs.filter((need) => need !== option)
        : [...current.needs, option as WizardAnswers['needs'][number]];
      return { ...current, needs };
    });
  };

  return (
    <WizardFrame step={step}>
      <form
        className="pub-card wizard-step"
        onSubmit={(event) => {
          event.preventDefault();
          if (canContinue) setStep(step + 1);
        }}
      >
        <fieldset>
          <legend>
            <h2 ref={headingRef} tabIndex={-1} className="wizard-question">
              {question.title}
            </h2>
          </legend>
          {/* the budget question's hint speaks of the offer: today's wording */}
          <p className="pub-field__hint">{question.key === 'budget' ? offer.copy.budgetHint : question.hint}</p>
          <div className="pub-choices wizard-choices">
            {question.options.map((option) => (
              <label key={option.value} className="pub-choice">
                <input
                  type={question.multiple ? 'checkbox' : 'radio'}
                  name={question.key}
                  value={option.value}
                  checked={selected(option.value)}
                  onChange={() => toggle(option.value)}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="cart-actions wizard-nav">
          {step > 0 && (
            <button type="button" className="pub-btn pub-btn--ghost" onClick={() => setStep(step - 1)}>
              Indietro
            </button>
          )}
          <button type="submit" className="pub-btn pub-btn--primary" disabled={!canContinue}>
            {step === WIZARD_QUESTIONS.length - 1 ? 'Scopri il piano' : 'Avanti'}
          </button>
        </div>
      </form>
    </WizardFrame>
  );
}

function WizardFrame({ step, children }: { step: number; children: ReactNode }) {
  const total = WIZARD_QUESTIONS.length;
  const shown = Math.min(step + 1, total);
  return (
    <section className="pub-section">
      <div className="pub-container pub-narrow">
        <p className="pub-eyebrow">Trova il tuo piano</p>
        <h1 className="pub-h1">Quattro domande, un consiglio sincero.</h1>
        <p className="wizard-progress-label" aria-live="polite">
          {step >= total ? 'Ecco il risultato' : `Domanda ${shown} di ${total}`}
        </p>
        <progress className="wizard-progress" max={total} value={Math.min(step, total)} aria-label="Avanzamento" />
        {children}
      </div>
    </section>
  );
}
