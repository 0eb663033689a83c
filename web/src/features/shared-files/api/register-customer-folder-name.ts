import { registeredFolderNameAnswerSchema } from '@domain/api/shared-files';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/spec/register-customer-folder-name (staff only): the customer's folder name in its
 * bucket, recorded in the audit log.
 */
export function registerCustomerFolderName(customerCode: number, folderName: string) {
  return apiRequest({
    method: 'POST',
    path: '/spec/register-customer-folder-name',
    body: { customer_code: customerCode, folder_name: folderName },
    auth: { kind: 'bearer' },
    schema: registeredFolderNameAnswerSchema,
  });
}
