// A stored file, for a member of the club that owns it. Any other club's file answers exactly like an unknown
// id, so nobody learns that it exists. A medical certificate is health data: only roles that read health data get it.
import { authorize, authorizeMember } from '../../access/authorize';
import type { RequestContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { revealHealth } from '../../access/health-data';
import { CLUB, clubSql } from '../../access/club-sql';
import { CHANNEL_ATTACHMENT_PURPOSE, refuseUnlessChannelReader } from '../channels/channels.service';

/** Stored files that are health data (files.service.ts purposes). */
const HEALTH_PURPOSES = new Set(['medical-certificate']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readClubFile(ctx: RequestContext, id: string) {
  const actor = authorizeMember(ctx, 'club.read');
  const { clubId } = actor;
  // Not a uuid: unknown by definition (and the uuid column would refuse the query).
  if (!UUID.test(id)) throw new NotFoundError();
  // Base64 text out of the database: PGlite reads a bytea column byte by byte, text many times faster.
  const [file] = await clubDb(ctx).$queryRaw<Array<{ id: string; filename: string; mimeType: string; purpose: string; content: string }>>(clubSql(clubId)`
    SELECT id::text, filename, mime_type AS "mimeType", purpose, encode(content, 'base64') AS content
    FROM stored_files WHERE id = ${id}::uuid AND club_id = ${CLUB}`);
  if (!file) throw new NotFoundError();
  if (HEALTH_PURPOSES.has(file.purpose)) authorize(actor, 'health.read');
  if (file.purpose === CHANNEL_ATTACHMENT_PURPOSE) await refuseUnlessChannelReader(ctx, file.id);
  if (file.purpose === 'medical-certificate') {
    // A coach reaches only the certificates of the athletes of their groups (club-scope.ts narrows the roles).
    const holder = await clubDb(ctx).personRole.findFirst({ where: { athlete: { medicalExaminationDocumentId: file.id } }, select: { personId: true } });
    if (!holder && athleteGroupsOf(ctx)) throw new NotFoundError();
    if (holder) revealHealth(ctx, { personIds: [holder.personId] }, 'Certificato medico');
  }
  return { ...file, content: Buffer.from(file.content, 'base64') };
}
