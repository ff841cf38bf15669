// Legacy REST face of people (spec §7): /api/{athlete|coach|manager|staff|member|voluntary}/{save|single|load|archive}
// and /api/archive/load. Only names and shapes are mapped here; the rules live in the services.
import { MSG } from '../../../schema/messages';
import { DETAILS_INPUT, personProfileInput } from '../../../schema/validation/people';
import { ok } from '../../compat/envelope';
import { toCamelKeys } from '../../compat/naming';
import type { LegacyBody, LegacyRoute } from '../../compat/router';
import type { PersonKindKey } from '../../../schema/constants';
import type { RequestContext } from '../../context';
import { ValidationError } from '../../lib/errors';
import { isUploadedFile, type UploadedFile } from '../files/files.service';
import { presentPage } from '../../compat/legacy-helpers';
import { archivePerson } from './archive-person.service';
import { requirePersonRole } from './get-person.service';
import { listPeoplePage } from './list-people.service';
import { renameErrorFields } from '../../lib/errors';
import { isPersonKind, PEOPLE_KIND_LIST, type PersonKindSpec } from './people.kinds';
import { revealHealth } from '../../access/health-data';
import { HEALTH_DETAIL_FIELDS } from '../../../schema/health-data';
import { shownCertificates } from '../certificates/certificates.service';
import { LISTED_INCLUDE, presentListed, presentRecord, RECORD_INCLUDE, type PersonRecord } from './people.present';
import { authorizeMember } from '../../access/authorize';
import { savePerson, type PersonFiles } from './save-person.service';

const PROFILE_FIELDS = Object.keys(personProfileInput.shape);
const PROFILE_FILES = ['blsdFile', 'firstAidFile', 'firePreventionFile'] as const;

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) && !isUploadedFile(v) ? (v as Record<string, unknown>) : {});
const fileOf = (v: unknown): UploadedFile | undefined => (isUploadedFile(v) ? v : undefined);
const filesOf = (v: unknown): UploadedFile[] => (Array.isArray(v) ? v.filter(isUploadedFile) : isUploadedFile(v) ? [v] : []);

/**
 * A legacy save body as the service's input: the kind's fields flat at the top, the profile under `profile` (flat
 * profile fields at the top are accepted too; `profile` wins), files as UploadedFile values (multipart).
 */
export function legacySaveInput(kind: PersonKindKey, body: LegacyBody): { raw: Record<string, unknown>; files: PersonFiles } {
  const top = toCamelKeys(body);
  const nestedProfile = toCamelKeys(asObject(body.profile));
  const profile: Record<string, unknown> = {};
  for (const key of [...PROFILE_FIELDS, ...PROFILE_FILES]) {
    if (key in nestedProfile) profile[key] = nestedProfile[key];
    else if (key in top) profile[key] = top[key];
  }
  if (profile.address !== undefined && profile.address !== null && typeof profile.address === 'object') {
    profile.address = toCamelKeys(asObject(profile.address));
  }
  const detailsSchema = DETAILS_INPUT[kind];
  const details = detailsSchema ? Object.fromEntries(Object.keys(detailsSchema.shape).filter((k) => k in top).map((k) => [k, top[k]])) : {};
  const files: PersonFiles = {
    blsdFile: fileOf(profile.blsdFile),
    firstAidFile: fileOf(profile.firstAidFile),
    firePreventionFile: fileOf(profile.firePreventionFile),
    medicalExaminationDocument: fileOf(top.medicalExaminationDocument),
    documents: filesOf(top.documents),
  };
  for (const key of PROFILE_FILES) delete profile[key];
  return { raw: { id: top.id, profile, details, notePrivate: top.notePrivate, isActive: top.isActive }, files };
}

/** `profile.tax_id_code` -> `tax_id_code`: legacy forms name their fields without the service's grouping. */
const legacyField = (path: string) => path.replace(/^(profile|details)\./, '');

/**
 * The whole record of a role of the club (of `kind`), or NotFoundError. Its health data goes through the same gate
 * as GraphQL's fields (access/health-data.ts): the role's health fields, and an athlete's certificate history, each
 * logged as GraphQL logs them.
 */
async function recordOf(ctx: RequestContext, kind: PersonKindKey, id: unknown, read?: PersonRecord) {
  // One statement with every relation joined (instead of one per relation: 16 for an athlete); none when the save
  // already holds the record (read with this selection before its UPDATE), once the viewer may read the kind.
  const role = read ? (authorizeMember(ctx, `people.${kind}.read`), read) : await requirePersonRole(ctx, id, { include: RECORD_INCLUDE, relationLoadStrategy: 'join' }, kind);
  const showHealth = revealHealth(ctx, { roleIds: HEALTH_DETAIL_FIELDS[kind] ? [role.id] : [] });
  if (kind === 'athlete') shownCertificates(ctx, role.personId, role.person.medicalCertificates);
  return presentRecord(role, showHealth, ctx.deps.now());
}

async function load(ctx: RequestContext, kind: PersonKindKey, body: LegacyBody, archived: boolean) {
  // `certificate` (athletes: valid, expiring, expired, missing, notRequired) is the GraphQL list's filter.
  const filters = { kind, search: body.search, groupId: body.group_id ?? body.group, archived, certificate: body.certificate };
  const { rows, total, page } = await listPeoplePage(ctx, filters as Parameters<typeof listPeoplePage>[1], body.page, LISTED_INCLUDE);
  // An athlete's row carries its certificate state: each listed athlete is a health read, as on GraphQL's list.
  const showHealth = revealHealth(ctx, { roleIds: kind === 'athlete' ? rows.map((r) => r.id) : [] });
  const now = ctx.deps.now(); // one day for the whole page
  return ok(presentPage(rows.map((row) => presentListed(row, showHealth, now)), total, page));
}

function routesOf(spec: PersonKindSpec): LegacyRoute[] {
  const base = `/${spec.resource}`;
  return [
    {
      path: `${base}/save`,
      handler: async (ctx, body) => {
        const { raw, files } = legacySaveInput(spec.key, body);
        try {
          const saved = await savePerson(ctx, spec.key, raw, files, true);
          return ok(await recordOf(ctx, spec.key, saved.roleId, saved.record), saved.message);
        } catch (error) {
          throw renameErrorFields(error, legacyField);
        }
      },
    },
    { path: `${base}/single`, handler: async (ctx, body) => ok(await recordOf(ctx, spec.key, body.id)) },
    { path: `${base}/load`, handler: (ctx, body) => load(ctx, spec.key, body, false) },
    {
      path: `${base}/archive`,
      handler: async (ctx, body) => ok(await recordOf(ctx, spec.key, await archivePerson(ctx, spec.key, body.id)), MSG.archived),
    },
  ];
}

export const peopleLegacyRoutes: LegacyRoute[] = [
  ...PEOPLE_KIND_LIST.flatMap(routesOf),
  {
    // The archive page: archived people of one kind, in the same shape as `load`.
    path: '/archive/load',
    handler: async (ctx, body) => {
      if (!isPersonKind(body.type)) throw new ValidationError({ type: MSG.kindInvalid });
      return load(ctx, body.type, body, true);
    },
  },
];
