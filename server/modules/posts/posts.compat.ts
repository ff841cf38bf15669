// Legacy REST of the feed (spec §7): /api/post/{save,load,archive}. Maps names only; rules are in the services.
import { MSG } from '../../../schema/messages';
import { ok } from '../../compat/envelope';
import type { LegacyRoute } from '../../compat/router';
import { presentPage, withLegacyFields } from '../../compat/legacy-helpers';
import { archivePost } from './archive-post.service';
import { listPostsPage } from './list-posts.service';
import { presentPost } from './posts.present';
import { savePost } from './save-post.service';

/** The form's group picker may send ids or the picked options ({id, name} or {value, label}). */
function legacyIds(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return (value as unknown[]).map((v) => (v && typeof v === 'object' ? ((v as Record<string, unknown>).id ?? (v as Record<string, unknown>).value) : v));
}

export const postsLegacyRoutes: LegacyRoute[] = [
  {
    path: '/post/save',
    handler: async (ctx, body) => {
      const { post, message } = await withLegacyFields({ groupIds: 'group_ids' }, () =>
        savePost(ctx, {
          id: body.id,
          title: body.title,
          caption: body.caption,
          priority: body.priority,
          groupIds: legacyIds(body.groups ?? body.group_ids),
          isActive: body.is_active,
        }),
      );
      return ok(presentPost(post), message);
    },
  },
  {
    path: '/post/load',
    handler: async (ctx, body) => {
      const order = typeof body.order === 'string' && body.order !== '' ? body.order.toUpperCase() : undefined;
      const { rows, total, page } = await withLegacyFields({ orderBy: 'order' }, () =>
        listPostsPage(ctx, { search: body.search, priority: body.priority, groupId: body.group_id, orderBy: order }, body.page),
      );
      return ok(presentPage(rows.map(presentPost), total, page));
    },
  },
  {
    path: '/post/archive',
    handler: async (ctx, body) => ok(presentPost(await archivePost(ctx, body.id)), MSG.archived),
  },
];
