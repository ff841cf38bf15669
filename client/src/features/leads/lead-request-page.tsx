// The page around the lead form, parameterised by its copy: /inscription (join the community) and
// /richiedi-informazioni (the public lead page). Both record the `fn` query parameter as the funnel name
// (`direct` without one), normalised like the server does; it is sent with the lead and shown nowhere.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from '../../lib/public-router';
import { funnelName } from '../../../../schema/validation/funnel';
import { useDocumentTitle } from '../../lib/document-title';
import { LeadForm, LeadSent } from './lead-form';
import './leads.css';

export interface LeadPageCopy {
  documentTitle: string;
  eyebrow: string;
  title: ReactNode;
  lead: string;
  /** Short reasons to fill the form in, shown beside it. */
  points: readonly string[];
  formTitle: string;
}

export function LeadRequestPage({ copy }: { copy: LeadPageCopy }) {
  useDocumentTitle(copy.documentTitle);
  const [searchParams] = useSearchParams();
  const funnel = funnelName(searchParams.get('fn'));
  const [sent, setSent] = useState<{ message: string; email: string }>();

  return (
    <div className="pub-section lead-page">
      <div className="pub-container lead-page__grid">
        <div className="lead-page__intro">
          <p className="pub-eyebrow">{copy.eyebrow}</p>
          <h1 className="pub-h1">{copy.title}</h1>
          <p className="pub-lead">{copy.lead}</p>
          <ul className="lead-points">
            {copy.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <section className="pub-card lead-page__card" aria-labelledby={sent ? undefined : 'lead-form-title'}>
          {sent ? (
            <LeadSent message={sent.message} email={sent.email} />
          ) : (
            <>
              <h2 className="lead-page__form-title" id="lead-form-title">
                {copy.formTitle}
              </h2>
              <LeadForm funnel={funnel} onSent={setSent} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
