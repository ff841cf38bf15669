// /richiedi-informazioni: the public lead page that campaigns link to with ?fn=<funnel> (spec §2: `fn`, default
// `direct`), e.g. a flyer's QR code pointing at /richiedi-informazioni?fn=volantino-2026.
import { LeadRequestPage, type LeadPageCopy } from './lead-request-page';

const COPY: LeadPageCopy = {
  documentTitle: 'Richiedi informazioni',
  eyebrow: 'Parliamone',
  title: (
    <>
      Vuoi vedere CampoBase <span className="pub-highlight">al lavoro?</span>
    </>
  ),
  lead: 'Raccontaci della tua società: ti richiamiamo entro 24 ore per capire come lavorate oggi e mostrarti come CampoBase può semplificare segreteria, iscrizioni e comunicazioni.',
  points: [
    'Una telefonata senza impegno con chi conosce le ASD e le SSD',
    'Una demo sui vostri casi: tesseramenti, certificati medici, quote',
    'Consigli per passare da fogli Excel e chat di gruppo a un solo gestionale',
  ],
  formTitle: 'Chiedi di essere ricontattato',
};

export default function LeadPage() {
  return <LeadRequestPage copy={COPY} />;
}
