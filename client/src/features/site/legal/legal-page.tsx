// /privacy, /terms, /informativa, /cookie-policy, /sicurezza: one component for the five legal texts
// (legal-documents.ts). The data controller's details are configuration, read from GET /api/site-config;
// a placeholder holds their place while they load.
import { Fragment, type ReactNode } from 'react';
import { Link } from '../../../lib/public-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { openConsentPreferences } from '../consent/consent-store';
import { LEGAL_LINKS } from '../layout/site-footer';
import type { OfferTerms } from '../../../lib/offer';
import { useSiteConfig, type DataController } from '../../../lib/site-config';
import { useOffer } from '../../../lib/use-offer';
import { LEGAL_DOCUMENTS, type LegalBlock } from './legal-documents';
import type { LegalDocKey } from './legal-routes';
import './legal.css';

type ControllerState = DataController | null | undefined;

const TOKEN_FIELDS = {
  name: 'name',
  address: 'address',
  vat: 'vat_number',
  email: 'email',
  pec: 'pec',
} as const satisfies Record<string, keyof DataController>;

function ControllerValue({ controller, field }: { controller: ControllerState; field: keyof DataController }) {
  if (controller === undefined) {
    return (
      <span className="legal-pending" aria-busy="true">
        caricamento…
      </span>
    );
  }
  const value = controller?.[field];
  if (typeof value !== 'string' || value === '') return <span className="legal-missing">non disponibile</span>;
  if (field === 'email' || field === 'pec') return <a href={`mailto:${value}`}>{value}</a>;
  return <>{value}</>;
}

/** Replaces {name}, {address}, {vat}, {email}, {pec} with the configured controller's details. */
function withController(text: string, controller: ControllerState): ReactNode {
  const parts = text.split(/\{(name|address|vat|email|pec)\}/);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <ControllerValue key={index} controller={controller} field={TOKEN_FIELDS[part as keyof typeof TOKEN_FIELDS]} />
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/** Replaces {offerFreeUntil}, {offerLockedFrom}, {offerLockedUntil} with the configured offer's months. */
const withOffer = (text: string, offer: OfferTerms) =>
  text.replace('{offerFreeUntil}', offer.freeUntil).replace('{offerLockedFrom}', offer.lockedFrom).replace('{offerLockedUntil}', offer.lockedUntil);

function Block({ block, controller, offer }: { block: LegalBlock; controller: ControllerState; offer: OfferTerms }) {
  if (typeof block === 'string') return <p>{withController(withOffer(block, offer), controller)}</p>;
  if ('list' in block) {
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{withController(item, controller)}</li>
        ))}
      </ul>
    );
  }
  if ('table' in block) {
    return (
      <div className="legal-table" tabIndex={0} role="region" aria-label="Tabella">
        <table>
          <thead>
            <tr>
              {block.table.head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, index) => (index === 0 ? <th key={index} scope="row">{cell}</th> : <td key={index}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <p>
      <button type="button" className="pub-btn pub-btn--ghost" onClick={openConsentPreferences}>
        Gestisci cookie
      </button>
    </p>
  );
}

export default function LegalPage({ doc }: { doc: LegalDocKey }) {
  const document = LEGAL_DOCUMENTS[doc];
  useDocumentTitle(document.title);
  const siteConfig = useSiteConfig();
  const controller: ControllerState = siteConfig === undefined ? undefined : (siteConfig?.controller ?? null);
  const offer = useOffer();

  return (
    <div className="pub-section">
      <div className="pub-container legal-layout">
        <article className="legal-doc" aria-labelledby="legal-title">
          <p className="pub-eyebrow">Documenti legali</p>
          <h1 id="legal-title" className="pub-h1">
            {document.title}
          </h1>
          <p className="pub-lead">{document.intro}</p>
          <p className="legal-updated">Ultimo aggiornamento: {document.updated}</p>
          {document.controllerCard && (
            <dl className="legal-controller" data-testid="legal-controller">
              <div>
                <dt>Titolare</dt>
                <dd>
                  <ControllerValue controller={controller} field="name" />
                </dd>
              </div>
              <div>
                <dt>Sede</dt>
                <dd>
                  <ControllerValue controller={controller} field="address" />
                </dd>
              </div>
              <div>
                <dt>P.IVA</dt>
                <dd>
                  <ControllerValue controller={controller} field="vat_number" />
                </dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <ControllerValue controller={controller} field="email" />
                </dd>
              </div>
              <div>
                <dt>PEC</dt>
                <dd>
                  <ControllerValue controller={controller} field="pec" />
                </dd>
              </div>
            </dl>
          )}
          {document.sections.map((section) => (
            <section key={section.title} className="legal-section">
              <h2>{section.title}</h2>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} controller={controller} offer={offer} />
              ))}
            </section>
          ))}
        </article>
        <nav className="legal-nav" aria-label="Documenti legali">
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} aria-current={link.to === `/${doc}` ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
