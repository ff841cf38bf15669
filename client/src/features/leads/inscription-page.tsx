// /inscription (spec §2): join the CampoBase community of clubs; a referent calls back to verify the club.
import { useOffer } from '../../lib/use-offer';
import { LeadRequestPage, type LeadPageCopy } from './lead-request-page';

const COPY: LeadPageCopy = {
  documentTitle: 'Unisciti a CampoBase',
  eyebrow: 'Community CampoBase',
  title: (
    <>
      Porta la tua società <span className="pub-highlight">su CampoBase</span>
    </>
  ),
  lead: 'Lasciaci i tuoi contatti: un nostro referente ti telefona entro 24 ore, verifica insieme a te la società e ti attiva l’accesso da tester fondatore.',
  // after the founding-tester offer's dated lines still ahead (offer.ts)
  points: [
    'Dati di tesserati e minori conservati solo su server in Italia',
    'Un referente dedicato per importare soci, atleti e gruppi',
  ],
  formTitle: 'Richiedi di entrare nella community',
};

export default function InscriptionPage() {
  const offer = useOffer();
  const points = [...offer.copy.dated.map((step) => `${step.title} per le società tester fondatrici`), ...COPY.points];
  return <LeadRequestPage copy={{ ...COPY, points }} />;
}
