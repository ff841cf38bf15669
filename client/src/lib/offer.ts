// The founding-tester offer (spec §1, §9), written once for the home, /tester, /pricing, /cart, /wizard, /inscription.
// Its dates are configuration: the server's OFFER_FREE_UNTIL and OFFER_PRICE_LOCKED_UNTIL (GET /api/site-config,
// `offer`), the spec's dates until the server answers. The copy follows today's date: a period already over is never
// advertised ("Gratis fino a dicembre 2025" in 2026), the site says what holds now instead. Pure: `now` is a parameter
// (tests/client/offer.test.ts), the pages pass the clock (use-offer.ts).
import { FOUNDING_OFFER_DATES, OFFER_MONTH } from '../../../schema/constants';

/** The offer's last months, each `YYYY-MM` and included: free use, then the locked price. */
export interface OfferDates {
  freeUntil: string;
  priceLockedUntil: string;
}

/** The spec's dates (§9), the server's defaults: shown until the server answers, or if it cannot. */
export const SPEC_OFFER_DATES: OfferDates = FOUNDING_OFFER_DATES;

export const VERIFICATION_HOURS = 24;

/** free: joining now, the club uses CampoBase for free; priceLocked: no free months left, the price still locked; ended. */
export type OfferPhase = 'free' | 'priceLocked' | 'ended';

export interface OfferTerms {
  phase: OfferPhase;
  /** "dicembre 2025" */
  freeUntil: string;
  /** "gennaio" (the year said once, by lockedUntil), or "dicembre 2025" when the lock starts in another year */
  lockedFrom: string;
  /** "gennaio 2026": the first month of the locked price, with its year */
  lockedFromMonth: string;
  /** "luglio 2026" */
  lockedUntil: string;
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const parts = (month: string): [number, number] => [Number(month.slice(0, 4)), Number(month.slice(5, 7))];

/** The offer's dates as the server sends them (`{free_until, price_locked_until}`), or null when unusable. */
export function offerDatesFrom(raw: unknown): OfferDates | null {
  if (!raw || typeof raw !== 'object') return null;
  const { free_until: freeUntil, price_locked_until: priceLockedUntil } = raw as Record<string, unknown>;
  if (typeof freeUntil !== 'string' || typeof priceLockedUntil !== 'string') return null;
  if (!OFFER_MONTH.test(freeUntil) || !OFFER_MONTH.test(priceLockedUntil) || priceLockedUntil < freeUntil) return null;
  return { freeUntil, priceLockedUntil };
}

/** The first moment after the month `YYYY-MM` (local time: midnight of the 1st of the next month). */
function endOf(month: string): Date {
  const [year, m] = parts(month);
  return new Date(year, m, 1);
}

const label = (year: number, month: number) => `${MONTHS[month - 1]} ${year}`;

export function offerTerms(dates: OfferDates, now: Date): OfferTerms {
  const [freeYear, freeMonth] = parts(dates.freeUntil);
  const [lockYear, lockMonth] = parts(dates.priceLockedUntil);
  // the month after the free period
  const fromYear = freeMonth === 12 ? freeYear + 1 : freeYear;
  const fromMonth = freeMonth === 12 ? 1 : freeMonth + 1;
  const phase: OfferPhase = now < endOf(dates.freeUntil) ? 'free' : now < endOf(dates.priceLockedUntil) ? 'priceLocked' : 'ended';
  return {
    phase,
    freeUntil: label(freeYear, freeMonth),
    lockedFrom: fromYear === lockYear ? MONTHS[fromMonth - 1] : label(fromYear, fromMonth),
    lockedFromMonth: label(fromYear, fromMonth),
    lockedUntil: label(lockYear, lockMonth),
  };
}

/** The copy of every page, for the phase: null where the page then leaves the line out. */
export interface OfferCopy {
  /** Under the home's call to action, and the first line of the cart. */
  headline: string;
  /** The offer's steps (home) and benefits (/tester), dated: only those still ahead. */
  dated: { title: string; text: string }[];
  /** The sentence of the /pricing and /tester leads about the offer. */
  summary: string;
  /** The /pricing question about the locked price, or null once it is over. */
  faq: { question: string; answer: string } | null;
  /** The wizard's hint under the budget question. */
  budgetHint: string;
  /** The wizard's note when the plan costs more than the budget. */
  overBudget: string;
  /** /tester's timeline after "Oggi" and the verification. */
  timeline: { when: string; what: string }[];
  /** /tester's lead: what testers get, after "In cambio, ". */
  testerReward: string;
  /** The /cart's lines about the offer. */
  cart: string[];
}

export function offerCopy(terms: OfferTerms): OfferCopy {
  const { phase, freeUntil, lockedFrom, lockedFromMonth, lockedUntil } = terms;
  const lockedTitle = `Prezzo bloccato da ${lockedFrom} a ${lockedUntil}`;
  if (phase === 'free') {
    return {
      headline: `Gratis fino a ${freeUntil}. Nessuna carta di credito.`,
      dated: [
        { title: `Gratis fino a ${freeUntil}`, text: 'Usa CampoBase senza costi per tutta la stagione.' },
        { title: lockedTitle, text: 'Il piano che scegli non aumenta per tutto il periodo.' },
      ],
      summary: `Le società tester fondatrici usano CampoBase gratis fino a ${freeUntil} e hanno il prezzo bloccato da ${lockedFrom} a ${lockedUntil}.`,
      faq: {
        question: `Cosa succede a ${lockedFromMonth}?`,
        answer: `Se sei una società tester fondatrice, da ${lockedFrom} a ${lockedUntil} paghi il prezzo del piano scelto oggi, anche se il listino dovesse aumentare. Ti avvisiamo per tempo prima di qualsiasi addebito.`,
      },
      budgetHint: `Serve solo a consigliarti: fino a ${freeUntil} le società tester non pagano nulla.`,
      overBudget: `Costa più del budget che hai indicato, ma come tester fondatore lo usi gratis fino a ${freeUntil} e poi con il prezzo bloccato fino a ${lockedUntil}.`,
      timeline: [
        { when: `Fino a ${freeUntil}`, what: 'Uso gratuito del piano scelto, senza limiti di tempo nella stagione.' },
        { when: `Da ${lockedFrom} a ${lockedUntil}`, what: 'Paghi il prezzo di oggi, bloccato. Ti avvisiamo prima di qualsiasi addebito.' },
      ],
      testerReward: `CampoBase è gratis fino a ${freeUntil} e il prezzo resta bloccato fino a ${lockedUntil}.`,
      cart: [
        `Gratis fino a ${freeUntil} per le società tester fondatrici: oggi non paghi nulla e non ti chiediamo la carta.`,
        `${lockedTitle}.`,
      ],
    };
  }
  if (phase === 'priceLocked') {
    return {
      headline: `Prezzo bloccato fino a ${lockedUntil}. Nessuna carta di credito per iniziare.`,
      dated: [{ title: `Prezzo bloccato fino a ${lockedUntil}`, text: 'Il piano che scegli oggi non aumenta fino ad allora.' }],
      summary: `Le società tester fondatrici che si registrano ora hanno il prezzo bloccato fino a ${lockedUntil}.`,
      faq: {
        question: `Cosa succede fino a ${lockedUntil}?`,
        answer: `Se sei una società tester fondatrice, fino a ${lockedUntil} paghi il prezzo del piano scelto oggi, anche se il listino dovesse aumentare. Ti avvisiamo per tempo prima di qualsiasi addebito.`,
      },
      budgetHint: 'Serve solo a consigliarti: puoi sempre iniziare con il piano Gratis.',
      overBudget: `Costa più del budget che hai indicato, ma come tester fondatore ne blocchi il prezzo fino a ${lockedUntil}.`,
      timeline: [{ when: `Fino a ${lockedUntil}`, what: 'Paghi il prezzo di oggi, bloccato. Ti avvisiamo prima di qualsiasi addebito.' }],
      testerReward: `il prezzo del piano che scegli resta bloccato fino a ${lockedUntil}.`,
      cart: [`Prezzo bloccato fino a ${lockedUntil} per le società tester fondatrici: oggi non ti chiediamo la carta.`],
    };
  }
  return {
    headline: 'Inizia con il piano Gratis. Nessuna carta di credito.',
    dated: [],
    summary: 'Puoi iniziare con il piano Gratis e passare a Pro o Club quando ti serve.',
    faq: null,
    budgetHint: 'Serve solo a consigliarti: puoi sempre iniziare con il piano Gratis.',
    overBudget: 'Costa più del budget che hai indicato: puoi iniziare con il piano Gratis e passare a questo quando ti serve.',
    timeline: [],
    testerReward: 'un referente dedicato ti aiuta a partire e le tue richieste decidono le prossime funzionalità.',
    cart: [],
  };
}

