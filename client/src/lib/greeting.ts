// The greeting agrees with the person greeted: "Benvenuta" when the account's profile says F (read from its codice
// fiscale, AccountProfile.gender), "Benvenuto" otherwise (M, or unknown: the generic masculine of Italian).
export const welcomeWord = (gender: string | null | undefined): 'Benvenuta' | 'Benvenuto' => (gender === 'F' ? 'Benvenuta' : 'Benvenuto');

/** The word that agrees with the profile: `feminine` for F, else `masculine` ("associato" / "associata"). */
export const agreeing = (gender: string | null | undefined, masculine: string, feminine: string): string => (gender === 'F' ? feminine : masculine);
