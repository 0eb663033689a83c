import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import {
  type GetSharedFilenameBody,
  type GetSharedUrlBody,
  type RegisterFolderNameBody,
  SHARED_FILES_DEFAULT_PAGE_SIZE,
  type SharedFileEntry,
} from '../../domain/api/shared-files';
import { SHARED_ROOT_FOLDER, STAFF_CUSTOMER_CODE } from '../../domain/constants';
import {
  INVALID_PATH_MESSAGE,
  joinSharedPath,
  normaliseSharedPath,
  type SharedPathKind,
  type SharedPathProblem,
} from '../../domain/shared-path';
import { forbidden, HttpError, notFound } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  InvalidObjectKeyError,
  type ObjectEntry,
  type ObjectStorage,
} from '../storage/storage-port';
import { type Caller, loadCaller } from './caller';

// Shared files (docs/product.md §2, §7; docs/product.md §12, §4). A customer's files live in its bucket under
// Shared/; the client only ever sees and sends paths below that root. Who may see a bucket comes
// from the token and the customer table: staff any customer, everyone else the customers they hold.

export interface SharedFilesPorts {
  db: Database;
  storage: ObjectStorage;
  /** DOWNLOAD_URL_TTL_SECONDS */
  downloadTtlSeconds: number;
}

const ROOT_PREFIX = `${SHARED_ROOT_FOLDER}/`;

// --- customer table (the bucket calls' only queries) -------------------------------------------

async function customerCodesOfBucket(db: Database, bucketName: string): Promise<number[]> {
  const rows = await db
    .select({ code: customers.customer_code })
    .from(customers)
    .where(eq(customers.customer_bucket_name, bucketName));
  return rows.map((r) => r.code);
}

async function bucketOfCustomer(db: Database, code: number): Promise<string | undefined> {
  const [row] = await db
    .select({ bucket: customers.customer_bucket_name })
    .from(customers)
    .where(eq(customers.customer_code, code));
  return row?.bucket;
}

// --- paths -------------------------------------------------------------------------------------

/** Every refused client path: one warn line naming who tried what, then 400 INVALID_PATH. */
function refusePath(
  request: FastifyRequest,
  attempted: Record<string, unknown>,
  problem: SharedPathProblem | 'outside-root',
): never {
  request.log.warn(
    { uid: request.identity?.uid ?? null, attempted, problem },
    'shared-files path refused',
  );
  throw new HttpError(400, 'INVALID_PATH', INVALID_PATH_MESSAGE);
}

function clientPath(
  request: FastifyRequest,
  attempted: Record<string, unknown>,
  input: string | null | undefined,
  kind: SharedPathKind,
): string {
  const result = normaliseSharedPath(input, kind);
  if (!result.ok) refusePath(request, attempted, result.problem);
  return result.path;
}

/** Storage calls on a client path: a key the driver refuses (a link out of the root) is a 400 too. */
async function withinRoot<T>(
  request: FastifyRequest,
  attempted: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidObjectKeyError) refusePath(request, attempted, 'outside-root');
    throw error;
  }
}

// --- authorization -----------------------------------------------------------------------------

/**
 * The bucket of a bucket_name the caller may see. The name alone is never trusted: it must be a
 * customer's bucket, and (for non-staff) the bucket of a customer the caller holds. Non-staff get
 * 403 whether or not the bucket exists, so that existence is not revealed.
 */
async function visibleBucket(db: Database, caller: Caller, bucketName: string): Promise<string> {
  const codes = await customerCodesOfBucket(db, bucketName);
  if (caller.isStaff) {
    if (codes.length === 0) throw notFound();
    return bucketName;
  }
  if (!codes.some((code) => caller.holdsCustomer(code))) throw forbidden();
  return bucketName;
}

// --- listing -----------------------------------------------------------------------------------

const collator = new Intl.Collator('ja', { numeric: true });

/** Folders first, then files; each by name as a Japanese reader expects (施工事例_2 before _10). */
function compareEntries(a: SharedFileEntry, b: SharedFileEntry): number {
  if (a.is_dir !== b.is_dir) return a.is_dir ? -1 : 1;
  return (
    collator.compare(a.file_name, b.file_name) ||
    (a.file_name < b.file_name ? -1 : a.file_name > b.file_name ? 1 : 0)
  );
}

function toEntry(object: ObjectEntry): SharedFileEntry {
  const relative = object.key.slice(ROOT_PREFIX.length);
  const path = object.isDir ? relative.slice(0, -1) : relative;
  return {
    file_name: path.slice(path.lastIndexOf('/') + 1),
    file_path: path,
    is_dir: object.isDir,
  };
}

export type SharedFolderAnswer =
  | SharedFileEntry[]
  | { items: SharedFileEntry[]; total: number; page: number; page_size: number };

/** POST /shared-file/get-shared-filename: the entries of one folder below the Shared root. */
export async function listSharedFolder(
  ports: SharedFilesPorts,
  request: FastifyRequest,
  body: GetSharedFilenameBody,
): Promise<SharedFolderAnswer> {
  const attempted = { bucket_name: body.bucket_name, folder_name: body.folder_name };
  const folder = clientPath(request, attempted, body.folder_name, 'folder');
  const caller = await loadCaller(ports.db, request);
  const bucket = await visibleBucket(ports.db, caller, body.bucket_name);
  const prefix = folder === '' ? ROOT_PREFIX : `${ROOT_PREFIX}${folder}/`;

  const objects = await withinRoot(request, attempted, async () => {
    const found = await ports.storage.list(bucket, prefix);
    // An empty root is "no files"; an empty listing of a folder that is not there is a 404.
    if (found.length === 0 && folder !== '' && !(await ports.storage.exists(bucket, prefix))) {
      throw notFound();
    }
    return found;
  });
  const entries = objects.map(toEntry).sort(compareEntries);

  if (body.page === undefined && body.page_size === undefined) return entries;
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? SHARED_FILES_DEFAULT_PAGE_SIZE;
  return {
    items: entries.slice((page - 1) * pageSize, page * pageSize),
    total: entries.length,
    page,
    page_size: pageSize,
  };
}

// --- download URL ------------------------------------------------------------------------------

/** POST /shared-file/get-shared-url: a short-lived signed URL of one file below the Shared root. */
export async function sharedFileUrl(
  ports: SharedFilesPorts,
  request: FastifyRequest,
  body: GetSharedUrlBody,
): Promise<{ url: string }> {
  const attempted = {
    bucket_name: body.bucket_name,
    folder_name: body.folder_name,
    file_name: body.file_name,
  };
  const folder = clientPath(request, attempted, body.folder_name, 'folder');
  const file = clientPath(request, attempted, body.file_name, 'file');
  // Each part is inside the root; the joined path must also fit the length limit.
  const path = clientPath(request, attempted, joinSharedPath(folder, file), 'file');
  const caller = await loadCaller(ports.db, request);
  const bucket = await visibleBucket(ports.db, caller, body.bucket_name);
  const key = `${ROOT_PREFIX}${path}`;

  const url = await withinRoot(request, attempted, async () => {
    if ((await ports.storage.headObject(bucket, key)) === null) throw notFound();
    return ports.storage.createDownloadUrl(bucket, key, {
      fileName: path.slice(path.lastIndexOf('/') + 1),
      expiresInSeconds: ports.downloadTtlSeconds,
    });
  });
  request.log.info({ uid: caller.uid, bucket, path }, 'shared file download url issued');
  return { url };
}

// --- the customer's bucket and folder name -----------------------------------------------------

/** GET /spec/get-customer-bucket-name: staff any customer, others the customers they hold. */
export async function customerBucketName(
  db: Database,
  request: FastifyRequest,
  customerCode: number,
): Promise<{ customer_bucket_name: string }> {
  const caller = await loadCaller(db, request);
  if (!caller.isStaff && !caller.holdsCustomer(customerCode)) throw forbidden();
  const bucket = await bucketOfCustomer(db, customerCode);
  if (bucket === undefined) throw notFound();
  return { customer_bucket_name: bucket };
}

/** POST /spec/register-customer-folder-name (staff only), with its audit entry in one transaction. */
export async function registerCustomerFolderName(
  db: Database,
  request: FastifyRequest,
  body: RegisterFolderNameBody,
): Promise<{ customer_code: number; folder_name: string }> {
  const caller = await loadCaller(db, request);
  if (!caller.isStaff) throw forbidden();
  const folderName = clientPath(
    request,
    { customer_code: body.customer_code, folder_name: body.folder_name },
    body.folder_name,
    'name',
  );
  const actor = caller.rows.find((r) => r.customerCode === STAFF_CUSTOMER_CODE) ?? caller.rows[0]!;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ folder_name: customers.folder_name })
      .from(customers)
      .where(eq(customers.customer_code, body.customer_code))
      .for('update');
    if (!before) throw notFound();
    await tx
      .update(customers)
      .set({ folder_name: folderName, updated_at: new Date() })
      .where(eq(customers.customer_code, body.customer_code));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorMail: actor.mail,
      action: 'customer.folder-name.update',
      entity: 'customer',
      entityId: body.customer_code,
      before,
      after: { folder_name: folderName },
    });
    return { customer_code: body.customer_code, folder_name: folderName };
  });
}
