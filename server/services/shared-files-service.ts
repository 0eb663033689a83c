import {
  type GetSharedFilenameBody,
  type GetSharedUrlBody,
  type RegisterFolderNameBody,
  SHARED_FILES_DEFAULT_PAGE_SIZE,
  type SharedFileEntry,
} from '../../domain/api/shared-files';
import { SHARED_ROOT_FOLDER } from '../../domain/constants';
import {
  INVALID_PATH_MESSAGE,
  joinSharedPath,
  normaliseSharedPath,
  type SharedPathKind,
  type SharedPathProblem,
} from '../../domain/shared-path';
import { HttpError, notFound } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  bucketOfCustomer,
  customerCodesOfBucket,
  lockCustomerFolderName,
  setCustomerFolderName,
} from '../repositories/customers-repository';
import {
  InvalidObjectKeyError,
  type ObjectEntry,
  type ObjectStorage,
} from '../storage/storage-port';
import {
  authorize,
  mayRegisterFolderName,
  maySeeBucket,
  maySeeCustomer,
  visibleCustomerOfBucket,
} from './authorization';
import type { Caller } from './caller';
import { auditActorOf, type DatabasePort, type LogPort } from './ports';

// Shared files (docs/product.md §2, §7; docs/product.md §12, §4). A customer's files live in its bucket under
// Shared/; the client only ever sees and sends paths below that root. Who may see a bucket comes
// from the token and the customer table: staff any customer, everyone else the customers they hold.

export interface SharedFilesPorts extends DatabasePort {
  storage: ObjectStorage;
  /** DOWNLOAD_URL_TTL_SECONDS */
  downloadTtlSeconds: number;
  log: LogPort;
}

const ROOT_PREFIX = `${SHARED_ROOT_FOLDER}/`;

// --- paths -------------------------------------------------------------------------------------

/** Where a refused path is told: the request's log, naming the caller. */
interface PathRefusal {
  log: LogPort;
  uid: string;
}

/** Every refused client path: one warn line naming who tried what, then 400 INVALID_PATH. */
function refusePath(
  refused: PathRefusal,
  attempted: Record<string, unknown>,
  problem: SharedPathProblem | 'outside-root',
): never {
  refused.log.warn({ uid: refused.uid, attempted, problem }, 'shared-files path refused');
  throw new HttpError(400, 'INVALID_PATH', INVALID_PATH_MESSAGE);
}

function clientPath(
  refused: PathRefusal,
  attempted: Record<string, unknown>,
  input: string | null | undefined,
  kind: SharedPathKind,
): string {
  const result = normaliseSharedPath(input, kind);
  if (!result.ok) refusePath(refused, attempted, result.problem);
  return result.path;
}

/** Storage calls on a client path: a key the driver refuses (a link out of the root) is a 400 too. */
async function withinRoot<T>(
  refused: PathRefusal,
  attempted: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidObjectKeyError) refusePath(refused, attempted, 'outside-root');
    throw error;
  }
}

// --- authorization -----------------------------------------------------------------------------

/**
 * The bucket of a bucket_name the caller may see. The name alone is never trusted: it must be a
 * customer's bucket, and (for non-staff) the bucket of a customer the caller holds.
 */
async function visibleBucket(db: DatabasePort['db'], caller: Caller, bucketName: string) {
  authorize(maySeeBucket(caller, await customerCodesOfBucket(db, bucketName)));
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
  caller: Caller,
  body: GetSharedFilenameBody,
): Promise<SharedFolderAnswer> {
  const refused = { log: ports.log, uid: caller.uid };
  const attempted = { bucket_name: body.bucket_name, folder_name: body.folder_name };
  const folder = clientPath(refused, attempted, body.folder_name, 'folder');
  const bucket = await visibleBucket(ports.db, caller, body.bucket_name);
  const prefix = folder === '' ? ROOT_PREFIX : `${ROOT_PREFIX}${folder}/`;

  const objects = await withinRoot(refused, attempted, async () => {
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
  caller: Caller,
  body: GetSharedUrlBody,
): Promise<{ url: string }> {
  const refused = { log: ports.log, uid: caller.uid };
  const attempted = {
    bucket_name: body.bucket_name,
    folder_name: body.folder_name,
    file_name: body.file_name,
  };
  const folder = clientPath(refused, attempted, body.folder_name, 'folder');
  const file = clientPath(refused, attempted, body.file_name, 'file');
  // Each part is inside the root; the joined path must also fit the length limit.
  const path = clientPath(refused, attempted, joinSharedPath(folder, file), 'file');
  const codes = await customerCodesOfBucket(ports.db, body.bucket_name);
  authorize(maySeeBucket(caller, codes));
  const bucket = body.bucket_name;
  const key = `${ROOT_PREFIX}${path}`;

  const url = await withinRoot(refused, attempted, async () => {
    if ((await ports.storage.headObject(bucket, key)) === null) throw notFound();
    return ports.storage.createDownloadUrl(bucket, key, {
      fileName: path.slice(path.lastIndexOf('/') + 1),
      expiresInSeconds: ports.downloadTtlSeconds,
    });
  });
  ports.log.info({ uid: caller.uid, bucket, path }, 'shared file download url issued');
  // The portal's last sight of the download: the signed URL goes to the store (docs/decisions/017).
  await recordAudit(ports.db, {
    ...auditActorOf(caller),
    action: 'shared-file.download',
    entity: 'shared-file',
    entityId: path,
    customerCode: visibleCustomerOfBucket(caller, codes) ?? null,
    before: null,
    after: { bucket, path },
  });
  return { url };
}

// --- the customer's bucket and folder name -----------------------------------------------------

/** GET /spec/get-customer-bucket-name: staff any customer, others the customers they hold. */
export async function customerBucketName(
  deps: DatabasePort,
  caller: Caller,
  customerCode: number,
): Promise<{ customer_bucket_name: string }> {
  authorize(maySeeCustomer(caller, customerCode));
  const bucket = await bucketOfCustomer(deps.db, customerCode);
  if (bucket === undefined) throw notFound();
  return { customer_bucket_name: bucket };
}

/** POST /spec/register-customer-folder-name (staff only), with its audit entry in one transaction. */
export async function registerCustomerFolderName(
  deps: DatabasePort & { log: LogPort },
  caller: Caller,
  body: RegisterFolderNameBody,
): Promise<{ customer_code: number; folder_name: string }> {
  authorize(mayRegisterFolderName(caller));
  const folderName = clientPath(
    { log: deps.log, uid: caller.uid },
    { customer_code: body.customer_code, folder_name: body.folder_name },
    body.folder_name,
    'name',
  );
  return deps.db.transaction(async (tx) => {
    const before = await lockCustomerFolderName(tx, body.customer_code);
    if (!before) throw notFound();
    await setCustomerFolderName(tx, body.customer_code, folderName);
    await recordAudit(tx, {
      ...auditActorOf(caller),
      action: 'customer.folder-name.update',
      entity: 'customer',
      entityId: body.customer_code,
      customerCode: body.customer_code,
      before,
      after: { folder_name: folderName },
    });
    return { customer_code: body.customer_code, folder_name: folderName };
  });
}
