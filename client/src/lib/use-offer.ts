// The offer as the pages show it today: the dates from the server's configuration (the spec's until it answers, or
// if it cannot), the copy for the current date.
import { offerCopy, offerDatesFrom, offerTerms, SPEC_OFFER_DATES, type OfferCopy, type OfferTerms } from './offer';
import { useSiteConfig } from './site-config';

export function useOffer(): OfferTerms & { copy: OfferCopy } {
  const config = useSiteConfig();
  const terms = offerTerms(offerDatesFrom(config?.offer) ?? SPEC_OFFER_DATES, new Date());
  return { ...terms, copy: offerCopy(terms) };
}
