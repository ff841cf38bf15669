// Feed rules (spec §3, §5, §9) through the services on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { NotFoundError, ValidationError } from '../../../server/lib/errors';
import { archiveGroup } from '../../../server/modules/groups/archive-group.service';
import { archivePost } from '../../../server/modules/posts/archive-post.service';
import { listPostsPage, postListQuery, type PostFilters } from '../../../server/modules/posts/list-posts.service';
import { savePost } from '../../../server/modules/posts/save-post.service';
import { createClubWithContext, createGroup, createPost, registrySnapshot } from '../../support/registry-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  ({ ctx } = await createClubWithContext(t.deps));
});
afterAll(() => t.close());

const refusal = (p: Promise<unknown>) => p.then(() => null, (e) => e);

describe('savePost', () => {
  it('creates a post with its target groups and folded search text', async () => {
    const b = await createGroup(ctx, { name: 'B squadra', type: 'athlete' });
    const a = await createGroup(ctx, { name: 'A allenatori', type: 'coach' });
    const { post, message } = await savePost(ctx, { title: ' Cena di Società ', caption: 'Venerdì alle 20', priority: '2', groupIds: [b.id, a.id, b.id] });
    expect(message).toBe(MSG.postCreated);
    expect(post).toMatchObject({ title: 'Cena di Società', caption: 'Venerdì alle 20', priority: 2, isActive: true, searchText: 'cena di societa venerdi alle 20' });
    expect(post.groups.map((g) => g.group.name)).toEqual(['A allenatori', 'B squadra']);
  });

  it.each([
    [{ caption: 'x' }, { title: MSG.postTitleRequired }],
    [{ title: 'x', caption: ' ' }, { caption: MSG.postCaptionRequired }],
    [{}, { title: MSG.postTitleRequired, caption: MSG.postCaptionRequired }],
    [{ title: 'x', caption: 'y', priority: 3 }, { priority: MSG.priorityInvalid }],
    [{ title: 'x', caption: 'y', priority: 'urgente' }, { priority: MSG.priorityInvalid }],
    [{ title: 'x', caption: 'y', groupIds: ['non-un-id'] }, { 'groupIds.0': MSG.idInvalid }],
  ])('refuses %o with the spec messages', async (input, fields) => {
    const before = await t.deps.systemDb.post.count();
    const error = await refusal(savePost(ctx, input));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(MSG.invalidFields);
    expect(error.fields).toEqual(fields);
    expect(await t.deps.systemDb.post.count()).toBe(before);
  });

  it('refuses unknown, archived and other clubs’ groups as targets (groupIds: Identificativo non valido)', async () => {
    const { ctx: other } = await createClubWithContext(t.deps);
    const theirs = await createGroup(other, { name: 'Loro', type: 'athlete' });
    const closed = await createGroup(ctx, { name: 'Chiuso', type: 'athlete' });
    await archiveGroup(ctx, closed.id);
    const before = await registrySnapshot(t.deps);
    for (const id of [theirs.id, closed.id, '00000000-0000-4000-8000-000000000000']) {
      const error = await refusal(savePost(ctx, { title: 'x', caption: 'y', groupIds: [id] }));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fields).toEqual({ groupIds: MSG.idInvalid });
    }
    expect(await registrySnapshot(t.deps)).toEqual(before);
  });

  it('updates with an id, replacing the targets; a target archived since may stay', async () => {
    const g1 = await createGroup(ctx, { name: 'Gruppo uno', type: 'member' });
    const g2 = await createGroup(ctx, { name: 'Gruppo due', type: 'member' });
    const post = await createPost(ctx, { title: 'Assemblea', groupIds: [g1.id] });
    await archiveGroup(ctx, g1.id);
    const kept = await savePost(ctx, { id: post.id, title: 'Assemblea soci', caption: 'Ordine del giorno', priority: 1, groupIds: [g1.id, g2.id] });
    expect(kept.message).toBe(MSG.changesSaved);
    expect(kept.post).toMatchObject({ id: post.id, title: 'Assemblea soci', priority: 1, searchText: 'assemblea soci ordine del giorno' });
    expect(kept.post.groups.map((g) => g.group.id).sort()).toEqual([g1.id, g2.id].sort());
    // targets left out stay; an empty list sent clears them
    const same = await savePost(ctx, { id: post.id, title: 'Assemblea soci' });
    expect(same.post.groups.map((g) => g.group.id).sort()).toEqual([g1.id, g2.id].sort());
    const cleared = await savePost(ctx, { id: post.id, groupIds: [] });
    expect(cleared.post.groups).toEqual([]);
    // once dropped, the archived group cannot come back
    expect(await refusal(savePost(ctx, { id: post.id, title: 'x', caption: 'y', groupIds: [g1.id] }))).toBeInstanceOf(ValidationError);
  });

  it('refuses to update an unknown post (NotFound) or an archived one (read-only)', async () => {
    expect(await refusal(savePost(ctx, { id: '00000000-0000-4000-8000-000000000000', title: 'x', caption: 'y' }))).toBeInstanceOf(NotFoundError);
    const post = await createPost(ctx, { title: 'Vecchio avviso' });
    await archivePost(ctx, post.id);
    const error = await refusal(savePost(ctx, { id: post.id, title: 'Nuovo', caption: 'y' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(MSG.archivedReadOnly);
    expect((await t.deps.systemDb.post.findUniqueOrThrow({ where: { id: post.id } })).title).toBe('Vecchio avviso');
  });
});

describe('archivePost', () => {
  it('is one way and idempotent; unknown ids are NotFound', async () => {
    const post = await createPost(ctx, { title: 'Da archiviare' });
    const archived = await archivePost(ctx, post.id);
    expect(archived).toMatchObject({ isActive: false, archivedAt: expect.any(Date) });
    expect((await archivePost(ctx, post.id)).archivedAt).toEqual(archived.archivedAt);
    expect(await refusal(archivePost(ctx, 'x'))).toBeInstanceOf(NotFoundError);
  });
});

describe('the feed', () => {
  let c: RequestContext;
  let under12: string;
  const titles = async (filters: PostFilters) => {
    const { where, orderBy } = postListQuery(c, filters);
    return (await t.deps.systemDb.post.findMany({ where, orderBy })).map((p) => p.title);
  };
  beforeAll(async () => {
    ({ ctx: c } = await createClubWithContext(t.deps));
    under12 = (await createGroup(c, { name: 'Under 12', type: 'athlete' })).id;
    const posts = [
      { title: 'Primo', caption: 'Allenamento spostato', priority: 0 },
      { title: 'Secondo', caption: 'Partita di sabato a Forlì', priority: 2, groupIds: [under12] },
      { title: 'Terzo', caption: 'Sconto del 50% sulle divise', priority: 1 },
      { title: 'Quarto', caption: 'Quota_annuale da versare', priority: 2 },
      { title: 'Quinto', caption: 'Festa di fine stagione', priority: 1, groupIds: [under12] },
    ];
    // One minute apart, so the order never depends on how fast the rows were written.
    for (const [i, p] of posts.entries()) {
      const post = await createPost(c, p);
      await t.deps.systemDb.post.update({ where: { id: post.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 10, i)) } });
    }
    await archivePost(c, (await createPost(c, { title: 'Archiviato', caption: 'Partita vecchia' })).id);
  });

  it('orders newest first by default, oldest, or by priority then newest', async () => {
    expect(await titles({})).toEqual(['Quinto', 'Quarto', 'Terzo', 'Secondo', 'Primo']);
    expect(await titles({ orderBy: 'OLDEST' })).toEqual(['Primo', 'Secondo', 'Terzo', 'Quarto', 'Quinto']);
    expect(await titles({ orderBy: 'PRIORITY' })).toEqual(['Quarto', 'Secondo', 'Quinto', 'Terzo', 'Primo']);
  });

  it('filters by priority and by target group; archived only with archived', async () => {
    expect(await titles({ priority: 2 })).toEqual(['Quarto', 'Secondo']);
    expect(await titles({ priority: '0' })).toEqual(['Primo']);
    expect(await titles({ groupId: under12 })).toEqual(['Quinto', 'Secondo']);
    expect(await titles({ groupId: 'x' })).toEqual([]);
    expect(await titles({ archived: true })).toEqual(['Archiviato']);
    expect(() => postListQuery(c, { priority: 5 })).toThrow(ValidationError);
  });

  it('search: every word in title or caption, accents and case ignored, % and _ literal', async () => {
    expect(await titles({ search: 'FORLI partita' })).toEqual(['Secondo']);
    expect(await titles({ search: 'partita' })).toEqual(['Secondo']);
    expect(await titles({ search: 'quinto festa' })).toEqual(['Quinto']);
    expect(await titles({ search: 'quinto partita' })).toEqual([]);
    expect(await titles({ search: '50%' })).toEqual(['Terzo']);
    expect(await titles({ search: '%' })).toEqual(['Terzo']);
    expect(await titles({ search: 'a_a' })).toEqual(['Quarto']);
  });

  it('pages of 8 with the total', async () => {
    const page = await listPostsPage(c, {}, 1);
    expect([page.total, page.rows.length, page.page]).toEqual([5, 5, 1]);
    expect(page.rows[0].groups.map((g) => g.group.name)).toEqual(['Under 12']);
  });
});
