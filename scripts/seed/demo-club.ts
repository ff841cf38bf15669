// The demo club (`npm run db:demo`): an owner account made through the real sign-up, then people of every kind
// (some holding two roles), categories and groups with their members, archived roles and feed posts, written in
// one transaction with multi-row INSERTs. Deterministic for a given seed, so screenshots and e2e runs agree.
import { signUp } from '../../server/modules/accounts/sign-up.service';
import { revokeAllSessions } from '../../server/modules/accounts/sessions';
import type { AppDeps, RequestContext } from '../../server/context';
import type { PersonKind } from '../../server/generated/prisma/client.js';
import { PERSON_KINDS } from '../../schema/constants';
import { insertGroups, insertPeople, insertPosts, type GroupSeed, type PersonSeed, type PostSeed, type ProfileSeed, type RoleSeed } from './bulk-insert';
import { createPeopleFactory, taxCode, type FakeProfile, type Gender, type PeopleFactory } from './fake-people';

// Every address of the demo (its account, club and people) is under the reserved `.invalid` domain, which the mail
// outbox never delivers to (server/lib/mail-outbox.ts): the demo's reminders and digests mail nobody.
export const DEMO_LOGIN = { email: 'demo@campobase.invalid', password: 'demo-campobase' } as const;
/** The demo account's address before it moved to `.invalid`: a demo loaded then is converted when loaded again. */
const LEGACY_DEMO_EMAIL = 'demo@campobase.it';
const DEMO_EMAIL_DOMAINS = ['polisportivademo.invalid', 'esempio.invalid'];
export const DEMO_CLUB_NAME = 'ASD Polisportiva Demo';
const DEMO_OWNER = { firstname: 'Giulia', lastname: 'Ferrari', gender: 2 as Gender, birthday: '1975-03-14', birthplace: 'Bologna', province: 'BO' };

/** Categories by age (calendar-year difference, as the forms count it); the last one takes everyone older. */
export const AGE_CATEGORIES = [
  { name: 'Under 8', maxAge: 7 },
  { name: 'Under 10', maxAge: 9 },
  { name: 'Under 12', maxAge: 11 },
  { name: 'Under 14', maxAge: 13 },
  { name: 'Under 16', maxAge: 15 },
  { name: 'Under 18', maxAge: 17 },
  { name: 'Senior', maxAge: Infinity },
] as const;
export const categoryIndexForAge = (age: number) => AGE_CATEGORIES.findIndex((c) => age <= c.maxAge);

/** The non-category groups, by the kind of people they hold. */
const KIND_GROUPS: Record<PersonKind, string[]> = {
  athlete: ['Squadra agonistica', 'Settore femminile'],
  coach: ['Staff tecnico', 'Preparatori atletici'],
  manager: ['Consiglio direttivo', 'Segreteria'],
  staff: ['Accompagnatori trasferte', 'Accompagnatori settore giovanile'],
  member: ['Soci ordinari', 'Soci sostenitori'],
  voluntary: ['Volontari eventi', 'Volontari bar e cucina'],
};

/** Named people the demo always has, accents and apostrophes included, so searching "nicolo" finds Nicolò. */
const NAMED_ATHLETES: Array<{ firstname: string; lastname: string; gender: Gender; age: number }> = [
  { firstname: 'Nicolò', lastname: 'Rossi', gender: 1, age: 11 },
  { firstname: 'Noemi', lastname: 'Calabrò', gender: 2, age: 13 },
  { firstname: 'Giosuè', lastname: 'Zappalà', gender: 1, age: 9 },
  { firstname: 'Lucia', lastname: "D'Incà", gender: 2, age: 15 },
  { firstname: 'Zoë', lastname: 'Macrì', gender: 2, age: 7 },
  { firstname: 'Mattia', lastname: 'Rossi', gender: 1, age: 17 },
];

const COACH_ROLES = ['Allenatore', 'Vice allenatore', 'Preparatore atletico', 'Istruttore settore giovanile', 'Allenatore dei portieri'];
const MANAGER_ROLES = ['Vicepresidente', 'Segretario', 'Tesoriere', 'Direttore sportivo', 'Team manager', 'Responsabile settore giovanile', 'Consigliere'];
const ALLERGIES = ['Graminacee', 'Acari della polvere', 'Pollini', 'Penicillina', 'Frutta secca'];
const INTOLERANCES = ['Lattosio', 'Glutine', 'Nichel'];
const NOTES: Record<PersonKind, string[]> = {
  athlete: ['Porta gli occhiali durante gli allenamenti', 'Rientro da infortunio alla caviglia', 'Viene accompagnato dai nonni'],
  coach: ['Disponibile anche il sabato mattina', 'Patentino in rinnovo'],
  manager: ['Delega ai rapporti con il Comune'],
  staff: ['Disponibile per le trasferte del sabato', 'Ha un pulmino da 9 posti'],
  member: ['Quota versata con bonifico', 'Socio dal primo anno della società'],
  voluntary: ['Disponibile per la festa di fine stagione', 'Aiuta in segreteria il martedì'],
};

interface DemoPost {
  title: string;
  caption: string;
  priority: PostSeed['priority'];
  /** Target groups, by name. */
  groups: string[];
  daysAgo: number;
  archived?: boolean;
}

const POSTS: DemoPost[] = [
  { title: 'Certificati medici in scadenza', caption: 'Ricordiamo ai genitori di consegnare il certificato medico rinnovato prima della scadenza: senza certificato valido non è possibile allenarsi.', priority: 2, groups: ['Under 12', 'Under 14', 'Under 16'], daysAgo: 1 },
  { title: 'Allenamento spostato al palazzetto', caption: 'Per la pioggia, giovedì l’allenamento si terrà al palazzetto comunale alle 18:30.', priority: 1, groups: ['Under 10', 'Under 12'], daysAgo: 3 },
  { title: 'Assemblea dei soci', caption: 'L’assemblea ordinaria dei soci è convocata per il 15 del mese alle 20:45 nella sede della società. Ordine del giorno: approvazione del bilancio e novità della stagione.', priority: 1, groups: ['Soci ordinari', 'Soci sostenitori', 'Consiglio direttivo'], daysAgo: 5 },
  { title: 'Torneo di primavera', caption: 'Sono aperte le iscrizioni al torneo di primavera: comunicate la disponibilità agli allenatori entro venerdì.', priority: 0, groups: ['Under 8', 'Under 10'], daysAgo: 8 },
  { title: 'Cercasi volontari per la festa sociale', caption: 'Servono volontari per il bar e la cucina alla festa sociale di sabato. Grazie a chi potrà dare una mano!', priority: 0, groups: ['Volontari eventi', 'Volontari bar e cucina'], daysAgo: 10 },
  { title: 'Riunione staff tecnico', caption: 'Riunione dello staff tecnico lunedì alle 21 per la programmazione della stagione.', priority: 1, groups: ['Staff tecnico', 'Preparatori atletici'], daysAgo: 12 },
  { title: 'Trasferta di domenica', caption: 'Partenza alle 7:30 dal parcheggio della palestra. Gli accompagnatori confermino i posti disponibili in auto.', priority: 2, groups: ['Accompagnatori trasferte', 'Squadra agonistica'], daysAgo: 14 },
  { title: 'Nuove divise', caption: 'Sono arrivate le nuove divise: il ritiro è in segreteria dal lunedì al venerdì, 17-19.', priority: 0, groups: ['Senior', 'Under 18', 'Settore femminile'], daysAgo: 20 },
  { title: 'Corso BLSD per lo staff', caption: 'Corso di rianimazione e uso del defibrillatore per allenatori e accompagnatori: iscrizioni in segreteria.', priority: 1, groups: ['Staff tecnico', 'Accompagnatori settore giovanile'], daysAgo: 25 },
  { title: 'Quote associative', caption: 'Le quote associative della nuova stagione si versano entro fine mese. Novità: è attivo il pagamento con bonifico.', priority: 0, groups: ['Soci ordinari'], daysAgo: 33 },
  { title: 'Chiusura impianti per le festività', caption: 'Gli impianti restano chiusi dal 24 dicembre al 6 gennaio. Buone feste a tutti!', priority: 0, groups: ['Under 14', 'Under 16', 'Senior'], daysAgo: 45 },
  { title: 'Iscrizioni corso estivo (archiviato)', caption: 'Le iscrizioni al corso estivo sono chiuse.', priority: 0, groups: ['Under 8'], daysAgo: 120, archived: true },
];

export interface DemoOptions {
  /** Roles of each kind (default 150; the tests use fewer). */
  perKind?: number;
  seed?: number;
  /** Delete the demo account and its club first, then load everything again. */
  reset?: boolean;
}

export type KindCounts = Record<PersonKind, { active: number; archived: number }>;

export interface DemoResult {
  status: 'created' | 'exists' | 'recreated';
  email: string;
  password: string;
  clubId: string;
  clubName: string;
  people: number;
  roles: KindCounts;
  groups: number;
  posts: number;
}

/** Loads the demo club unless its account exists already (then reports what is there); `reset` starts over. */
export async function loadDemoClub(deps: AppDeps, options: DemoOptions = {}): Promise<DemoResult> {
  const { perKind = 150, seed = 2026, reset = false } = options;
  const { systemDb: db } = deps; // the demo loader acts as the system, across its own club's rows
  let status: DemoResult['status'] = 'created';

  await convertLegacyDemo(deps);
  const existing = await db.account.findUnique({ where: { email: DEMO_LOGIN.email }, select: { id: true } });
  if (existing && reset) {
    // The clubs the demo account owns go with it (every club row cascades from the club).
    await db.$transaction([
      db.club.deleteMany({ where: { memberships: { some: { accountId: existing.id, role: 'owner' } } } }),
      db.account.delete({ where: { id: existing.id } }),
    ]);
    status = 'recreated';
  }

  let accountId: string;
  if (existing && !reset) {
    accountId = existing.id;
  } else {
    accountId = await signUpOwner(deps);
    await revokeAllSessions(db, accountId); // nobody holds the sign-up's session token
  }
  const membership = await db.membership.findFirst({ where: { accountId, role: 'owner' }, include: { club: true } });
  if (!membership) throw new Error(`the account ${DEMO_LOGIN.email} exists but owns no club: load the demo again with --reset`);
  const clubId = membership.clubId;

  if (existing && !reset) {
    // An interrupted first load leaves the club empty: fill it now instead of reporting an empty demo.
    if ((await db.person.count({ where: { clubId } })) > 0) return { ...(await summarise(deps, clubId, membership.club.fullName)), status: 'exists' };
  }

  await db.$transaction((tx) => writeContent(tx, clubId, accountId, perKind, seed), { timeout: 120_000, maxWait: 30_000 });
  return { ...(await summarise(deps, clubId, membership.club.fullName)), status };
}

/**
 * A demo loaded before its addresses were reserved ones (demo@campobase.it, people at example.it): its account and
 * every address of its club move to `.invalid`, so its reminders stop mailing real domains.
 */
async function convertLegacyDemo(deps: AppDeps): Promise<void> {
  const db = deps.systemDb;
  const legacy = await db.account.findUnique({ where: { email: LEGACY_DEMO_EMAIL }, select: { id: true } });
  if (!legacy || (await db.account.count({ where: { email: DEMO_LOGIN.email } }))) return;
  const clubs = { memberships: { some: { accountId: legacy.id, role: 'owner' as const } } };
  const clubIds = (await db.club.findMany({ where: { ...clubs, fullName: DEMO_CLUB_NAME }, select: { id: true } })).map((c) => c.id);
  const reserved = (column: string) => `${column} = CASE WHEN ${column} IS NULL OR ${column} ILIKE '%.invalid' THEN ${column} ELSE regexp_replace(${column}, '@.*$', '@${DEMO_EMAIL_DOMAINS[0]}') END`;
  await db.$transaction([
    db.account.update({ where: { id: legacy.id }, data: { email: DEMO_LOGIN.email } }),
    db.$executeRawUnsafe(`UPDATE people SET ${reserved('email_primary')}, ${reserved('email_secondary')} WHERE club_id = ANY($1::uuid[])`, clubIds),
    db.$executeRawUnsafe(`UPDATE clubs SET ${reserved('email_primary')}, ${reserved('email_secondary')} WHERE id = ANY($1::uuid[])`, clubIds),
  ]);
}

function ownerTaxCode(): string {
  const o = DEMO_OWNER;
  return taxCode(o.firstname, o.lastname, o.gender, new Date(`${o.birthday}T00:00:00Z`), o.birthplace, o.province);
}

async function signUpOwner(deps: AppDeps): Promise<string> {
  const ctx: RequestContext = { deps, meta: { ip: '127.0.0.1', userAgent: 'campobase db:demo' }, viewer: null };
  const { accountId } = await signUp(ctx, {
    taxIdCode: ownerTaxCode(),
    firstname: DEMO_OWNER.firstname,
    lastname: DEMO_OWNER.lastname,
    birthday: DEMO_OWNER.birthday,
    role: 1,
    fullName: DEMO_CLUB_NAME,
    foundation: 1987,
    vatNumber: '01234567897',
    typeSport: 'sportiva',
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    passwordConfirmation: DEMO_LOGIN.password,
  });
  await deps.systemDb.club.updateMany({
    where: { memberships: { some: { accountId, role: 'owner' } } },
    data: {
      typeClub: 'ASD',
      companyName: 'Associazione Sportiva Dilettantistica Polisportiva Demo',
      fiscalCode: '91234560377',
      legalRepresentativeNameSurname: `${DEMO_OWNER.firstname} ${DEMO_OWNER.lastname}`,
      legalRepresentativeFiscalCode: ownerTaxCode(),
      emailPrimary: 'segreteria@polisportivademo.invalid',
      phonePrimary: '+390510000000',
      primaryColor: '#0b5cad',
      secondaryColor: '#f2b705',
    },
  });
  return accountId;
}

type Tx = Parameters<typeof insertPeople>[0];

/** Who holds which roles: some people hold two (a coach who is also a member, the same Person). */
function roleSets(perKind: number): PersonKind[][] {
  const share = (f: number) => Math.floor(perKind * f);
  const sets: PersonKind[][] = [
    ...Array<PersonKind[]>(share(0.2)).fill(['coach', 'member']),
    ...Array<PersonKind[]>(share(0.3)).fill(['manager', 'member']),
    ...Array<PersonKind[]>(share(0.2)).fill(['voluntary', 'member']),
    ...Array<PersonKind[]>(share(0.1)).fill(['staff', 'voluntary']),
    ...Array<PersonKind[]>(share(0.05)).fill(['athlete', 'coach']),
  ];
  const held = (kind: PersonKind) => sets.filter((s) => s.includes(kind)).length;
  // The owner is the first manager (Presidente) and a member; the rest hold one role each.
  const owner = 1;
  for (const kind of PERSON_KINDS) {
    const missing = perKind - held(kind) - (kind === 'manager' || kind === 'member' ? owner : 0);
    for (let i = 0; i < missing; i++) sets.push([kind]);
  }
  return sets;
}

/** Age range that suits every role of a person. */
function ageRange(kinds: PersonKind[], faker: PeopleFactory['faker']): { minAge: number; maxAge: number } {
  if (kinds.length === 1 && kinds[0] === 'athlete') return faker.number.int(99) < 75 ? { minAge: 5, maxAge: 17 } : { minAge: 18, maxAge: 40 };
  const bounds: Record<PersonKind, [number, number]> = {
    athlete: [18, 40],
    coach: [19, 65],
    manager: [25, 72],
    staff: [22, 68],
    member: [18, 80],
    voluntary: [16, 75],
  };
  const min = Math.max(...kinds.map((k) => bounds[k][0]));
  const max = Math.min(...kinds.map((k) => bounds[k][1]));
  return { minAge: min, maxAge: Math.max(min, max) };
}

async function writeContent(tx: Tx, clubId: string, ownerAccountId: string, perKind: number, seed: number): Promise<void> {
  const factory = createPeopleFactory(seed, [ownerTaxCode()], undefined, DEMO_EMAIL_DOMAINS);
  const { faker, daysFromToday } = factory;
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const chance = (percent: number) => faker.number.int(99) < percent;
  const thisYear = new Date().getFullYear();

  // Groups: the categories, each kind's groups, one hidden and one archived.
  const groupSeeds: GroupSeed[] = [
    ...AGE_CATEGORIES.map((c) => ({ name: c.name, type: 'athlete' as const })),
    ...PERSON_KINDS.flatMap((kind) => KIND_GROUPS[kind].map((name) => ({ name, type: kind }))),
    { name: 'Corso estivo', type: 'athlete', isHidden: true },
    { name: 'Under 6', type: 'athlete', archivedAt: daysFromToday(-200) },
    { name: 'Volontari festa 2024', type: 'voluntary', archivedAt: daysFromToday(-300) },
  ];
  const groupIds = await insertGroups(tx, clubId, groupSeeds);
  const groupId = new Map(groupSeeds.map((g, i) => [g.name, groupIds[i]]));
  const group = (name: string) => groupId.get(name)!;

  const membershipNumbers = { next: 1 };
  const archivedEvery = 12; // about 8% of each kind's roles are archived
  const roleIndex: Record<PersonKind, number> = { athlete: 0, coach: 0, manager: 0, staff: 0, member: 0, voluntary: 0 };

  const training = (percent: number) => {
    const has = chance(percent);
    return { has, expires: has ? daysFromToday(faker.number.int({ min: -90, max: 900 })) : null };
  };

  const roleFor = (kind: PersonKind, profile: FakeProfile, opts: { managerRole?: string; keepActive?: boolean } = {}): RoleSeed => {
    const index = roleIndex[kind]++;
    const archived = !opts.keepActive && index % archivedEvery === archivedEvery - 1;
    const age = thisYear - profile.birthday.getUTCFullYear();
    const role: RoleSeed = {
      kind,
      archivedAt: archived ? daysFromToday(-faker.number.int({ min: 5, max: 400 })) : null,
      notePrivate: chance(15) ? pick(NOTES[kind]) : null,
      createdAt: daysFromToday(-faker.number.int({ min: 1, max: 900 })),
      groupIds: [],
    };
    const groups = role.groupIds!;
    switch (kind) {
      case 'athlete': {
        // One in ten expired, one in ten expiring within 30 days, one in ten missing; the rest valid for months.
        const bucket = index % 10;
        const expiry = bucket === 0 ? -faker.number.int({ min: 1, max: 60 }) : bucket === 1 ? faker.number.int({ min: 0, max: 30 }) : bucket === 2 ? null : faker.number.int({ min: 31, max: 365 });
        role.athlete = {
          medicalExaminationExpirationDate: expiry === null ? null : daysFromToday(expiry),
          typeMedicalExaminationId: age >= 12 ? 1 : 2,
          medicalExaminationScheduledDate: bucket === 1 ? daysFromToday(faker.number.int({ min: 1, max: 20 })) : null,
          typeMedicalExaminationAccountableId: chance(70) ? 1 : 2,
          healthCard: chance(60) ? `80380${faker.string.numeric(15)}` : null,
          allergies: chance(10) ? pick(ALLERGIES) : null,
          intolerances: chance(8) ? pick(INTOLERANCES) : null,
          athleteCondition: chance(4) ? 'Asma da sforzo: porta con sé lo spray' : null,
          athleteAttorneyName: profile.legalRepresentative,
        };
        groups.push(group(AGE_CATEGORIES[categoryIndexForAge(age)].name));
        if (age >= 14 && chance(30)) groups.push(group('Squadra agonistica'));
        if (profile.typeGenderId === 2 && age >= 12 && chance(40)) groups.push(group('Settore femminile'));
        break;
      }
      case 'coach': {
        const start = daysFromToday(-faker.number.int({ min: 400, max: 1100 }));
        const bucket = index % 10;
        const end = bucket === 0 ? daysFromToday(-faker.number.int({ min: 1, max: 120 })) : bucket === 1 ? daysFromToday(faker.number.int({ min: 1, max: 60 })) : daysFromToday(faker.number.int({ min: 90, max: 900 }));
        const coachRole = pick(COACH_ROLES);
        role.coach = {
          coachRole,
          coachValidityStartDate: start,
          coachValidityEndDate: end,
          healthCard: chance(50) ? `80380${faker.string.numeric(15)}` : null,
          allergies: chance(6) ? pick(ALLERGIES) : null,
          intolerances: chance(5) ? pick(INTOLERANCES) : null,
        };
        groups.push(group(coachRole === 'Preparatore atletico' ? 'Preparatori atletici' : 'Staff tecnico'));
        break;
      }
      case 'manager':
        role.manager = { managerRole: opts.managerRole ?? MANAGER_ROLES[Math.min(index - 1, MANAGER_ROLES.length - 1)] };
        groups.push(group(index < 8 ? 'Consiglio direttivo' : 'Segreteria'));
        break;
      case 'member': {
        const number = membershipNumbers.next++;
        const expired = index % 10 === 9;
        const seasonEnd = new Date(Date.UTC(new Date().getUTCMonth() >= 8 ? thisYear + 1 : thisYear, 7, 31));
        role.member = {
          typeMembershipId: index % 5 === 0 ? 2 : 1,
          membershipNumber: `SOC-${String(number).padStart(4, '0')}`,
          membershipStartDate: daysFromToday(-faker.number.int({ min: 20, max: 3650 })),
          membershipExpiredDate: expired ? new Date(Date.UTC(seasonEnd.getUTCFullYear() - 1, 7, 31)) : seasonEnd,
        };
        groups.push(group(index % 5 === 0 ? 'Soci sostenitori' : 'Soci ordinari'));
        break;
      }
      case 'staff':
        groups.push(group(chance(50) ? 'Accompagnatori trasferte' : 'Accompagnatori settore giovanile'));
        break;
      case 'voluntary':
        groups.push(group(chance(50) ? 'Volontari eventi' : 'Volontari bar e cucina'));
        break;
    }
    if (archived) role.groupIds = [];
    return role;
  };

  const withExtras = (profile: FakeProfile, kinds: PersonKind[]): ProfileSeed => {
    const adultStaff = kinds.some((k) => k === 'coach' || k === 'staff' || k === 'manager');
    const blsd = training(adultStaff ? 70 : 0);
    const firstAid = training(adultStaff ? 40 : 0);
    const fire = training(kinds.includes('manager') ? 30 : 0);
    return {
      ...profile,
      address: chance(60)
        ? { address: faker.location.street(), streetNumber: faker.location.buildingNumber(), postalCode: `401${faker.string.numeric(2)}`, city: 'Bologna', province: 'BO', country: 'Italia' }
        : null,
      hasBlsd: blsd.has,
      blsdExpiresOn: blsd.expires,
      hasFirstAid: firstAid.has,
      firstAidExpiresOn: firstAid.expires,
      hasFirePrevention: fire.has,
      firePreventionExpiresOn: fire.expires,
    };
  };

  const people: PersonSeed[] = [];

  // The owner's own profile in the club: Presidente and member, linked to the account.
  const o = DEMO_OWNER;
  const ownerProfile: FakeProfile = {
    firstname: o.firstname,
    secondname: null,
    lastname: o.lastname,
    nickname: null,
    taxIdCode: ownerTaxCode(),
    typeGenderId: o.gender,
    birthday: new Date(`${o.birthday}T00:00:00Z`),
    birthplace: o.birthplace,
    birthNation: 'Italia',
    nationality: 'Italiana',
    legalRepresentative: null,
    emailPrimary: DEMO_LOGIN.email,
    phonePrimary: '+393331234567',
  };
  people.push({
    profile: { ...withExtras(ownerProfile, ['manager']), accountId: ownerAccountId },
    roles: [roleFor('manager', ownerProfile, { managerRole: 'Presidente', keepActive: true }), roleFor('member', ownerProfile, { keepActive: true })],
  });

  const named = [...NAMED_ATHLETES];
  for (const kinds of roleSets(perKind)) {
    const fixed = kinds.length === 1 && kinds[0] === 'athlete' ? named.shift() : undefined;
    const profile = fixed
      ? factory.person({ minAge: fixed.age, maxAge: fixed.age, firstname: fixed.firstname, lastname: fixed.lastname, gender: fixed.gender })
      : factory.person(ageRange(kinds, faker));
    people.push({ profile: withExtras(profile, kinds), roles: kinds.map((kind) => roleFor(kind, profile, { keepActive: !!fixed })) });
  }
  await insertPeople(tx, clubId, people);

  await insertPosts(
    tx,
    clubId,
    POSTS.map((p) => ({
      title: p.title,
      caption: p.caption,
      priority: p.priority,
      groupIds: p.groups.map(group),
      createdAt: daysFromToday(-p.daysAgo),
      archivedAt: p.archived ? daysFromToday(-p.daysAgo + 30) : null,
    })),
  );
}

async function summarise(deps: AppDeps, clubId: string, clubName: string): Promise<Omit<DemoResult, 'status'>> {
  const { systemDb: db } = deps; // the demo loader acts as the system, across its own club's rows
  const [people, groups, posts, byKind] = await Promise.all([
    db.person.count({ where: { clubId } }),
    db.group.count({ where: { clubId } }),
    db.post.count({ where: { clubId } }),
    db.personRole.groupBy({ by: ['kind', 'isActive'], where: { clubId }, _count: { _all: true } }),
  ]);
  const roles = Object.fromEntries(PERSON_KINDS.map((k) => [k, { active: 0, archived: 0 }])) as KindCounts;
  for (const row of byKind) roles[row.kind][row.isActive ? 'active' : 'archived'] += row._count._all;
  return { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, clubId, clubName, people, roles, groups, posts };
}
