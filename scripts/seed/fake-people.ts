// Plausible Italian people for the demo club and the benchmarks: names from faker's Italian locale (accents
// included), a valid codice fiscale computed from name, surname, gender, birth date and birthplace with
// codice-fiscale-js, birthdays in a given age range, contacts for most. Deterministic for a given seed.
import { base, en, Faker, it } from '@faker-js/faker';
import cfModule from 'codice-fiscale-js';
import { foldText, normalizePhone } from '../../schema/text';

// The package's types declare a default export; at run time the CommonJS module exports { CodiceFiscale }.
const CodiceFiscale = (cfModule as unknown as { CodiceFiscale?: typeof cfModule }).CodiceFiscale ?? cfModule;

export type Gender = 1 | 2;

/** A person profile as stored (Person columns), without the ids and the search text the inserter adds. */
export interface FakeProfile {
  firstname: string;
  secondname: string | null;
  lastname: string;
  nickname: string | null;
  taxIdCode: string;
  typeGenderId: Gender;
  birthday: Date;
  birthplace: string;
  birthNation: string;
  nationality: string;
  legalRepresentative: string | null;
  emailPrimary: string | null;
  phonePrimary: string | null;
}

export interface PersonOptions {
  minAge: number;
  maxAge: number;
  firstname?: string;
  lastname?: string;
  gender?: Gender;
  /** Share (0..1) of people given an email and a phone; default 0.85. */
  contactShare?: number;
}

/** Birthplaces with their province, some accented; the foreign ones use the country name and province EE. */
const ITALIAN_BIRTHPLACES: Array<[string, string]> = [
  ['Roma', 'RM'], ['Milano', 'MI'], ['Napoli', 'NA'], ['Torino', 'TO'], ['Palermo', 'PA'], ['Genova', 'GE'],
  ['Bologna', 'BO'], ['Firenze', 'FI'], ['Bari', 'BA'], ['Catania', 'CT'], ['Venezia', 'VE'], ['Verona', 'VR'],
  ['Messina', 'ME'], ['Padova', 'PD'], ['Trieste', 'TS'], ['Brescia', 'BS'], ['Parma', 'PR'], ['Modena', 'MO'],
  ['Perugia', 'PG'], ['Cagliari', 'CA'], ['Lecce', 'LE'], ['Pescara', 'PE'], ['Ancona', 'AN'], ['Bergamo', 'BG'],
  ['Forlì', 'FC'], ['Cantù', 'CO'], ['Nardò', 'LE'], ['Paternò', 'CT'], ['Sant\'Agata di Militello', 'ME'],
];
const FOREIGN_BIRTHPLACES: Array<[country: string, nationality: string]> = [
  ['Romania', 'Rumena'], ['Albania', 'Albanese'], ['Marocco', 'Marocchina'], ['Francia', 'Francese'], ['Brasile', 'Brasiliana'],
];
/** Most people get a common name; the rest come from faker's long (and more unusual) Italian lists. */
const COMMON_FIRST_NAMES = {
  male: ['Marco', 'Mario', 'Luca', 'Matteo', 'Alessandro', 'Lorenzo', 'Francesco', 'Andrea', 'Giuseppe', 'Nicolò', 'Mattia', 'Leonardo', 'Gabriele', 'Riccardo', 'Tommaso', 'Edoardo', 'Davide', 'Federico', 'Noè', 'Giosuè', 'Paolo', 'Stefano', 'Giovanni', 'Antonio', 'Simone'],
  female: ['Giulia', 'Sofia', 'Aurora', 'Martina', 'Marta', 'Maria', 'Chiara', 'Francesca', 'Alice', 'Ginevra', 'Beatrice', 'Emma', 'Giorgia', 'Anna', 'Elena', 'Sara', 'Noemi', 'Salomè', 'Camilla', 'Greta', 'Valentina', 'Federica', 'Laura', 'Silvia', 'Irene'],
} as const;
const COMMON_LAST_NAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti',
  'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Rossetti', 'Fontana', 'Caruso', 'Ferri', 'Barbieri',
  'Calabrò', 'Macrì', 'Patanè', 'Zappalà', 'Spanò', 'Laganà', 'Gullì', "D'Incà", "Dell'Acqua", 'Orrù',
];
const EMAIL_DOMAINS = ['example.it', 'example.com', 'example.org'];
const NICKNAMES = ['Bomber', 'Pippo', 'Lele', 'Gigi', 'Fede', 'Tato', 'Nico', 'Ciccio', 'Vale', 'Bebe'];

const DAY_MS = 86_400_000;

export interface PeopleFactory {
  person(options: PersonOptions): FakeProfile;
  faker: Faker;
  /** A date `days` from today (negative: in the past), at midnight UTC. */
  daysFromToday: (days: number) => Date;
}

/**
 * A generator of people whose tax codes never repeat (nor repeat `takenTaxCodes`): the codice fiscale of two
 * namesakes born the same day in the same town is the same, so such a draw moves the birthday by a day.
 */
/** `emailDomains`: where the people's addresses are (the demo club uses reserved `.invalid` ones: never mailed). */
export function createPeopleFactory(seed = 2026, takenTaxCodes: Iterable<string> = [], today = new Date(), emailDomains: readonly string[] = EMAIL_DOMAINS): PeopleFactory {
  const faker = new Faker({ locale: [it, en, base], seed });
  const taxCodes = new Set(takenTaxCodes);
  const emails = new Set<string>();
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const currentYear = today.getFullYear();

  const email = (first: string, last: string) => {
    const local = `${foldText(first)}.${foldText(last)}`.replace(/[^a-z0-9.]/g, '');
    const domain = faker.helpers.arrayElement(emailDomains);
    for (let n = 0; ; n++) {
      const address = `${local}${n ? n : ''}@${domain}`;
      if (!emails.has(address)) {
        emails.add(address);
        return address;
      }
    }
  };

  const person = (options: PersonOptions): FakeProfile => {
    const gender: Gender = options.gender ?? (faker.datatype.boolean() ? 1 : 2);
    const sex = gender === 1 ? 'male' : 'female';
    const common = faker.number.int(99) < 60;
    const firstname = options.firstname ?? (common ? faker.helpers.arrayElement(COMMON_FIRST_NAMES[sex]) : faker.person.firstName(sex));
    const lastname = options.lastname ?? (common ? faker.helpers.arrayElement(COMMON_LAST_NAMES) : faker.person.lastName());
    const secondname = !options.firstname && faker.number.int(99) < 8 ? faker.helpers.arrayElement(COMMON_FIRST_NAMES[sex]) : null;
    // Age by calendar-year difference (as the person forms count it), so the birth year decides the category.
    const age = faker.number.int({ min: options.minAge, max: options.maxAge });
    const year = currentYear - age;
    let birthday = new Date(Date.UTC(year, 0, 1) + faker.number.int(364) * DAY_MS);
    if (birthday.getTime() > todayUtc) birthday = new Date(todayUtc - DAY_MS);

    const foreign = faker.number.int(99) < 5 ? faker.helpers.arrayElement(FOREIGN_BIRTHPLACES) : null;
    const [birthplace, province] = foreign ? [foreign[0], 'EE'] : faker.helpers.arrayElement(ITALIAN_BIRTHPLACES);

    let taxIdCode = taxCode(firstname, lastname, gender, birthday, birthplace, province);
    while (taxCodes.has(taxIdCode)) {
      birthday = new Date(birthday.getTime() + (birthday.getUTCMonth() === 11 && birthday.getUTCDate() === 31 ? -200 : 1) * DAY_MS);
      taxIdCode = taxCode(firstname, lastname, gender, birthday, birthplace, province);
    }
    taxCodes.add(taxIdCode);

    const minor = age < 18;
    const withContacts = faker.number.float() < (options.contactShare ?? 0.85);
    return {
      firstname,
      secondname,
      lastname,
      nickname: faker.number.int(99) < 5 ? faker.helpers.arrayElement(NICKNAMES) : null,
      taxIdCode,
      typeGenderId: gender,
      birthday,
      birthplace,
      birthNation: foreign ? foreign[0] : 'Italia',
      nationality: foreign ? foreign[1] : 'Italiana',
      // A minor's parent: same surname, an adult's first name.
      legalRepresentative: minor ? `${faker.person.firstName()} ${lastname}` : null,
      emailPrimary: withContacts ? email(firstname, lastname) : null,
      phonePrimary: withContacts ? normalizePhone(`+39 3${faker.string.numeric(2)} ${faker.string.numeric(7)}`) : null,
    };
  };

  return { person, faker, daysFromToday: (days) => new Date(todayUtc + days * DAY_MS) };
}

const locationCodes = new Map<string, string>();

/**
 * The codice fiscale, built from codice-fiscale-js's own pieces (surname, name and date codes, the town's
 * cadastral code, the check letter): the same result as `CodiceFiscale.compute`, with the town lookup (the
 * slow part) done once per town, so 100,000 codes take well under a second.
 */
export function taxCode(firstname: string, lastname: string, gender: Gender, birthday: Date, birthplace: string, province: string): string {
  const placeKey = `${birthplace}|${province}`;
  let place = locationCodes.get(placeKey);
  if (!place) {
    place = CodiceFiscale.findLocationCode(birthplace, province);
    locationCodes.set(placeKey, place);
  }
  const first15 =
    CodiceFiscale.surnameCode(lastname) +
    CodiceFiscale.nameCode(firstname) +
    CodiceFiscale.dateCode(birthday.getUTCDate(), birthday.getUTCMonth() + 1, birthday.getUTCFullYear(), gender === 1 ? 'M' : 'F') +
    place;
  return first15 + CodiceFiscale.getCheckCode(first15);
}

/** The library's own full computation, for checking `taxCode` (tests). */
export function computeTaxCode(firstname: string, lastname: string, gender: Gender, birthday: Date, birthplace: string, province: string): string {
  return CodiceFiscale.compute({
    name: firstname,
    surname: lastname,
    gender: gender === 1 ? 'M' : 'F',
    day: birthday.getUTCDate(),
    month: birthday.getUTCMonth() + 1,
    year: birthday.getUTCFullYear(),
    birthplace,
    birthplaceProvincia: province,
  });
}

export const isValidTaxCode = (code: string): boolean => CodiceFiscale.check(code);

/** The province of a birthplace in the list above ('EE' abroad), for tests that recompute a code. */
export function birthplaceProvince(birthplace: string): string {
  return ITALIAN_BIRTHPLACES.find(([town]) => town === birthplace)?.[1] ?? 'EE';
}
