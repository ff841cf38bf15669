// Golden envelopes of the legacy feed routes (spec §3 Post, §7, §8), and refusal of another club's users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import type { RequestContext } from '../../server/context';
import { createClub, type TestClub } from '../support/factories';
import { rest } from '../support/http';
import { clubContext, createGroup, createPost, registrySnapshot } from '../support/registry-factories';
import { startTestApp, type TestApp } from '../support/test-app';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let as: { token: string; club: string };
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
  as = { token: club.token, club: club.clubToken };
});
afterAll(() => t.close());

describe('POST /api/post/save', () => {
  it('creates a post addressed to groups: Nuovo post salvato correttamente', async () => {
    const b = await createGroup(ctx, { name: 'Under 12', type: 'athlete' });
    const a = await createGroup(ctx, { name: 'Allenatori', type: 'coach' });
    const res = await rest(t.app, '/post/save', { title: 'Torneo', caption: 'Domenica a Cesena', priority: '2', groups: [b.id, { id: a.id, name: 'Allenatori' }] }, as);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: MSG.postCreated,
      context: {
        id: expect.any(String),
        club_id: club.clubId,
        title: 'Torneo',
        caption: 'Domenica a Cesena',
        type_group_id: 'coach',
        type_group: 'coach',
        priority: 2,
        is_active: true,
        created_at: ISO,
        updated_at: ISO,
        group_details: { name: 'Allenatori' },
        groups: [
          { id: a.id, name: 'Allenatori' },
          { id: b.id, name: 'Under 12' },
        ],
      },
    });
  });

  it('updates with an id (Modifiche salvate); without groups the type and group details are null', async () => {
    const post = await createPost(ctx, { title: 'Bozza' });
    const res = await rest(t.app, '/post/save', { id: post.id, title: 'Avviso', caption: 'Testo', priority: 0, group_ids: [] }, as);
    expect(res.body).toEqual({
      status: true,
      message: MSG.changesSaved,
      context: {
        id: post.id,
        club_id: club.clubId,
        title: 'Avviso',
        caption: 'Testo',
        type_group_id: null,
        type_group: null,
        priority: 0,
        is_active: true,
        created_at: post.createdAt.toISOString(),
        updated_at: ISO,
        group_details: null,
        groups: [],
      },
    });
  });

  it('answers field errors under the legacy names and stores nothing', async () => {
    const before = await t.deps.systemDb.post.count();
    const res = await rest(t.app, '/post/save', { title: ' ', caption: '', priority: 5 }, as);
    expect(res.body).toEqual({
      status: false,
      message: MSG.invalidFields,
      context: { errors: { title: MSG.postTitleRequired, caption: MSG.postCaptionRequired, priority: MSG.priorityInvalid } },
    });
    const badGroups = await rest(t.app, '/post/save', { title: 'a', caption: 'b', group_ids: ['00000000-0000-4000-8000-000000000000'] }, as);
    expect(badGroups.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { group_ids: MSG.idInvalid } } });
    const malformed = await rest(t.app, '/post/save', { title: 'a', caption: 'b', groups: ['non-un-id'] }, as);
    expect(malformed.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { group_ids: MSG.idInvalid } } });
    expect(await t.deps.systemDb.post.count()).toBe(before);
  });
});

describe('POST /api/post/load and /api/post/archive', () => {
  let other: TestClub;
  let groupId: string;
  const them = () => ({ token: other.token, club: other.clubToken });
  beforeAll(async () => {
    other = await createClub(t.deps);
    const oc = await clubContext(t.deps, other);
    groupId = (await createGroup(oc, { name: 'Soci', type: 'member' })).id;
    for (let i = 1; i <= 9; i++) {
      const post = await createPost(oc, { title: `Notizia ${i}`, caption: i === 4 ? 'Assemblea a Forlì' : 'Testo', priority: i % 3, groupIds: i % 2 ? [groupId] : [] });
      await t.deps.systemDb.post.update({ where: { id: post.id }, data: { createdAt: new Date(Date.UTC(2026, 1, 1, 8, i)) } });
    }
  });
  const titles = (res: { body: { context: { data: Array<{ title: string }> } } }) => res.body.context.data.map((p) => p.title);

  it('answers a page of 8, newest first, with the paginator fields', async () => {
    const res = await rest(t.app, '/post/load', {}, them());
    expect(res.body).toMatchObject({ status: true, message: '', context: { current_page: 1, last_page: 2, per_page: 8, total: 9 } });
    expect(titles(res)).toEqual(['Notizia 9', 'Notizia 8', 'Notizia 7', 'Notizia 6', 'Notizia 5', 'Notizia 4', 'Notizia 3', 'Notizia 2']);
    expect(res.body.context.data[0]).toEqual({
      id: expect.any(String),
      club_id: other.clubId,
      title: 'Notizia 9',
      caption: 'Testo',
      type_group_id: 'member',
      type_group: 'member',
      priority: 0,
      is_active: true,
      created_at: '2026-02-01T08:09:00.000Z',
      updated_at: ISO,
      group_details: { name: 'Soci' },
      groups: [{ id: groupId, name: 'Soci' }],
    });
    expect(titles(await rest(t.app, '/post/load', { page: '2' }, them()))).toEqual(['Notizia 1']);
  });

  it('filters by priority, group_id and search; orders oldest or by priority', async () => {
    expect(titles(await rest(t.app, '/post/load', { priority: '2' }, them()))).toEqual(['Notizia 8', 'Notizia 5', 'Notizia 2']);
    expect(titles(await rest(t.app, '/post/load', { group_id: groupId, order: 'oldest' }, them()))).toEqual(['Notizia 1', 'Notizia 3', 'Notizia 5', 'Notizia 7', 'Notizia 9']);
    expect(titles(await rest(t.app, '/post/load', { order: 'priority', page: 1 }, them()))).toEqual([
      'Notizia 8', 'Notizia 5', 'Notizia 2', 'Notizia 7', 'Notizia 4', 'Notizia 1', 'Notizia 9', 'Notizia 6',
    ]);
    expect(titles(await rest(t.app, '/post/load', { search: 'assemblea FORLI' }, them()))).toEqual(['Notizia 4']);
    expect((await rest(t.app, '/post/load', { order: 'casuale' }, them())).body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { order: MSG.invalidFields } } });
  });

  it('archive answers the archived post; it leaves the feed', async () => {
    const post = await createPost(ctx, { title: 'Scaduto', caption: 'Non più valido' });
    const res = await rest(t.app, '/post/archive', { id: post.id }, as);
    expect(res.body).toEqual({
      status: true,
      message: MSG.archived,
      context: {
        id: post.id,
        club_id: club.clubId,
        title: 'Scaduto',
        caption: 'Non più valido',
        type_group_id: null,
        type_group: null,
        priority: 0,
        is_active: false,
        created_at: post.createdAt.toISOString(),
        updated_at: ISO,
        group_details: null,
        groups: [],
      },
    });
    expect((await rest(t.app, '/post/load', { search: 'scaduto' }, as)).body.context.total).toBe(0);
  });
});

describe('a user of another club', () => {
  it('gets not found or nothing from every post route, and nothing changes', async () => {
    const group = await createGroup(ctx, { name: 'Riservato', type: 'athlete' });
    const post = await createPost(ctx, { title: 'Riservatissimo', groupIds: [group.id] });
    const intruder = await createClub(t.deps);
    const them = { token: intruder.token, club: intruder.clubToken };
    const before = await registrySnapshot(t.deps);
    const notFound = { status: false, message: MSG.notFound, context: null };

    expect((await rest(t.app, '/post/load', { search: 'riservatissimo' }, them)).body.context).toEqual({ current_page: 1, data: [], last_page: 1, per_page: 8, total: 0 });
    expect((await rest(t.app, '/post/load', { group_id: group.id }, them)).body.context.total).toBe(0);
    expect((await rest(t.app, '/post/save', { id: post.id, title: 'Preso', caption: 'x' }, them)).body).toEqual(notFound);
    expect((await rest(t.app, '/post/archive', { id: post.id }, them)).body).toEqual(notFound);
    expect((await rest(t.app, '/post/save', { title: 'Ciao', caption: 'x', groups: [group.id] }, them)).body).toEqual({
      status: false,
      message: MSG.invalidFields,
      context: { errors: { group_ids: MSG.idInvalid } },
    });
    expect((await rest(t.app, '/post/load', {}, { token: intruder.token, club: club.clubToken })).statusCode).toBe(403);
    expect(await registrySnapshot(t.deps)).toEqual(before);
  });

  it('every post route needs a session (401)', async () => {
    for (const path of ['/post/save', '/post/load', '/post/archive']) {
      const res = await rest(t.app, path, {});
      expect([path, res.statusCode, res.body]).toEqual([path, 401, { status: false, context: null, message: MSG.notAuthenticated }]);
    }
  });
});
