import type { Banner, DrawingsAccess, Notice } from '../../domain/api/top-content';
import {
  bannerProblems,
  type FieldProblems,
  fieldProblemMessage,
  noticeProblems,
} from '../../domain/top-content';
import { badRequest, notFound } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  type BannerValues,
  bannerStore,
  type NoticeValues,
  noticeStore,
  type TopContentStore,
} from '../repositories/top-content-repository';
import { authorize, mayEditTopContent, mayReadTopContent } from './authorization';
import type { Caller } from './caller';
import { auditActorOf, type DatabasePort } from './ports';

// Top-page notices and banners (docs/product.md §2, §5): every signed-in user reads them; only staff write,
// whatever the body says. Each write and its audit entry land in one transaction. The two kinds
// differ only in their fields and rules (TopContentKind); the use cases are one implementation.

/** What one kind of top-page item is: its audit name, its table, the fields a client writes. */
export interface TopContentKind<Item extends { id: number }, Body, Values> {
  /** The audit entry's entity and the prefix of its action ('notice.create' …). */
  entity: 'notice' | 'banner';
  store: TopContentStore<Item, Values>;
  /** The values a body writes, its texts trimmed. */
  valuesOf(body: Body): Values;
  /** What is wrong with the values (docs/product.md §5), given URL_PREFIXES. */
  problemsOf(values: Values, prefixes: readonly string[]): FieldProblems<string>;
}

export interface NoticeBody {
  title: string;
  url: string;
  display_at?: string | null | undefined;
}

export interface BannerBody {
  explanation: string;
  image_url: string;
  destination_url: string;
}

export const NOTICES: TopContentKind<Notice, NoticeBody, NoticeValues> = {
  entity: 'notice',
  store: noticeStore,
  valuesOf: (body) => ({
    title: body.title.trim(),
    url: body.url.trim(),
    // Dated when the body says so; a new notice is otherwise dated now, an edit keeps its date.
    ...(body.display_at ? { display_at: new Date(body.display_at) } : {}),
  }),
  problemsOf: ({ title, url }, prefixes) => noticeProblems({ title, url }, prefixes),
};

export const BANNERS: TopContentKind<Banner, BannerBody, BannerValues> = {
  entity: 'banner',
  store: bannerStore,
  valuesOf: (body) => ({
    explanation: body.explanation.trim(),
    image_url: body.image_url.trim(),
    destination_url: body.destination_url.trim(),
  }),
  problemsOf: (values, prefixes) => bannerProblems(values, prefixes),
};

export interface TopContentDeps extends DatabasePort {
  /** URL_PREFIXES: what notice and banner links must start with. */
  urlPrefixes: readonly string[];
}

function assertValid(problems: FieldProblems<string>) {
  const fields = Object.entries(problems);
  if (fields.length > 0) {
    throw badRequest(
      fields.map(([field, problem]) => ({ field, message: fieldProblemMessage(problem!, field) })),
    );
  }
}

/** The list, add, update and delete calls of one kind (/notice/*, /banner/*). */
export function topContentUseCases<Item extends { id: number }, Body, Values>(
  kind: TopContentKind<Item, Body, Values>,
) {
  /** Validated values, with the author every write stamps from the token. */
  const valuesToWrite = (deps: TopContentDeps, caller: Caller, body: Body) => {
    authorize(mayEditTopContent(caller));
    const values = kind.valuesOf(body);
    assertValid(kind.problemsOf(values, deps.urlPrefixes));
    const actor = auditActorOf(caller);
    return { actor, values: { ...values, user_id: actor.actorUserId } };
  };

  return {
    async list(deps: DatabasePort, caller: Caller, limit: number): Promise<Item[]> {
      authorize(mayReadTopContent(caller));
      return kind.store.list(deps.db, limit);
    },

    async add(deps: TopContentDeps, caller: Caller, body: Body): Promise<Item> {
      const { actor, values } = valuesToWrite(deps, caller, body);
      return deps.db.transaction(async (tx) => {
        const item = await kind.store.insert(tx, values);
        await recordAudit(tx, {
          ...actor,
          action: `${kind.entity}.create`,
          entity: kind.entity,
          entityId: item.id,
          before: null,
          after: item,
        });
        return item;
      });
    },

    async update(deps: TopContentDeps, caller: Caller, body: Body & { id: number }): Promise<Item> {
      const { actor, values } = valuesToWrite(deps, caller, body);
      return deps.db.transaction(async (tx) => {
        const before = await kind.store.lock(tx, body.id);
        if (!before) throw notFound();
        const item = await kind.store.update(tx, body.id, values);
        await recordAudit(tx, {
          ...actor,
          action: `${kind.entity}.update`,
          entity: kind.entity,
          entityId: item.id,
          before,
          after: item,
        });
        return item;
      });
    },

    async remove(deps: DatabasePort, caller: Caller, id: number): Promise<{ id: number }> {
      authorize(mayEditTopContent(caller));
      const actor = auditActorOf(caller);
      return deps.db.transaction(async (tx) => {
        const before = await kind.store.lock(tx, id);
        if (!before) throw notFound();
        await kind.store.delete(tx, id);
        await recordAudit(tx, {
          ...actor,
          action: `${kind.entity}.delete`,
          entity: kind.entity,
          entityId: id,
          before,
          after: null,
        });
        return { id };
      });
    },
  };
}

export const notices = topContentUseCases(NOTICES);
export const banners = topContentUseCases(BANNERS);

/**
 * The drawings tile's site and password, for whoever reads the top page (every signed-in user). The
 * route has the caller resolved first; the anonymous get 401 there.
 */
export function drawingsAccess(
  drawings: { url: string; password: string },
  caller: Caller,
): DrawingsAccess {
  authorize(mayReadTopContent(caller));
  return { url: drawings.url, password: drawings.password };
}
