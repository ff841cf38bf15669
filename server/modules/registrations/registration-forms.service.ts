// Registration forms (issue 36 point 3): the staff build one per season (what it asks, the documents, the consents,
// the group it leads to) and share its link; the public reads it by the link's token. Who may call what is the
// operation table's (registrations.manage; the public read is anyone's, the token being the proof).
import { MSG } from '../../../schema/messages';
import { registrationFormSettings, saveRegistrationFormInput, type RegistrationFormSettings } from '../../../schema/validation/registrations';
import type { RequestContext } from '../../context';
import type { RegistrationForm } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { randomToken } from '../../lib/tokens';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { registrationDoor } from '../../access/cross-club';
import { currentNotice } from '../families/consents.service';

/** A form's settings as stored, read back through the schema that wrote them (defaults filled). */
export const formSettings = (form: Pick<RegistrationForm, 'settings'>): RegistrationFormSettings => registrationFormSettings.parse(form.settings);

/** The public address of a form's link. */
export const registrationPath = (token: string) => `/iscrizione/${token}`;

/** Creates (no id) or edits a form; a new form gets its link's token. */
export async function saveRegistrationForm(ctx: RequestContext, raw: unknown): Promise<{ form: RegistrationForm; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(saveRegistrationFormInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const season = await tx.clubSeason.findFirst({ where: clubRowWhere(clubId, input.seasonId) });
    if (!season) throw new ValidationError({ seasonId: MSG.registrationSeasonRequired }, MSG.registrationSeasonRequired);
    const stored = input.id ? await tx.registrationForm.findFirst({ where: clubRowWhere(clubId, input.id) }) : null;
    if (input.id && !stored) throw new NotFoundError();
    if (season.status !== 'open' && stored?.seasonId !== season.id) throw new ValidationError({ seasonId: MSG.registrationSeasonClosed }, MSG.registrationSeasonClosed);
    if (input.groupId) {
      const group = await tx.group.findFirst({ where: { ...clubRowWhere(clubId, input.groupId), type: 'athlete', archivedAt: null } });
      if (!group) throw new ValidationError({ groupId: MSG.registrationGroupInvalid }, MSG.registrationGroupInvalid);
    }
    const data = { seasonId: season.id, title: input.title, intro: input.intro ?? '', status: input.status, groupId: input.groupId ?? null, settings: input.settings };
    const form = stored
      ? await tx.registrationForm.update({ where: { id: stored.id }, data })
      : await tx.registrationForm.create({ data: { ...data, clubId, token: randomToken(), createdBy: accountId } });
    describeChange(tx, { action: stored ? 'update' : 'create', entityType: 'club', entityId: clubId, detail: `Modulo di iscrizione «${form.title}» ${stored ? 'modificato' : 'creato'}` });
    return { form, message: MSG.registrationFormSaved };
  });
}

export function findRegistrationForm(db: Db, clubId: string, id: unknown): Promise<RegistrationForm | null> {
  return db.registrationForm.findFirst({ where: clubRowWhere(clubId, id) });
}

/** What the public form shows: the club, the season, what it asks, the privacy notice to read. */
export interface PublicRegistrationForm {
  form: RegistrationForm;
  settings: RegistrationFormSettings;
  clubName: string;
  seasonLabel: string;
  groupName: string | null;
  notice: { version: number; title: string; text: string } | null;
}

/** The form a public link names, open or closed (a draft is not reachable); null for an unknown token. */
export async function readPublicRegistrationForm(ctx: RequestContext, token: unknown): Promise<PublicRegistrationForm | null> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  await ctx.deps.limits.consume('registrationRead', { ip: ctx.meta.ip });
  const door = await registrationDoor(ctx, 'form', token);
  if (!door) return null;
  const form = await door.db.registrationForm.findUnique({ where: { id: door.id }, include: { club: { select: { fullName: true, emailPrimary: true } }, season: true, group: { select: { name: true } } } });
  if (!form || form.status === 'bozza') return null;
  const notice = await currentNotice(door.db, door.clubId);
  return {
    form,
    settings: formSettings(form),
    clubName: form.club.fullName,
    seasonLabel: form.season.label,
    groupName: form.group?.name ?? null,
    notice: notice && { version: notice.version, title: notice.title, text: notice.text },
  };
}

/** The public form's refusal when a form cannot take a submission now. */
export function assertFormOpen(form: Pick<RegistrationForm, 'status'>): void {
  if (form.status === 'bozza') throw new NotFoundError(MSG.registrationFormNotFound);
  if (form.status !== 'aperto') throw new ConflictError(MSG.registrationFormClosed);
}
