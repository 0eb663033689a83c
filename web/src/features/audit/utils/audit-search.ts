import { AUDIT_MAX_PAGE } from '@domain/audit';

/** The audit view's filters and page, as the URL holds them (a reload or a shared link keeps them). */
export interface AuditSearch {
  from: string;
  to: string;
  actor: string;
  customerCode: string;
  action: string;
  page: number;
}

export const EMPTY_AUDIT_SEARCH: AuditSearch = {
  from: '',
  to: '',
  actor: '',
  customerCode: '',
  action: '',
  page: 1,
};

export function readAuditSearch(params: URLSearchParams): AuditSearch {
  const page = Number(params.get('page') ?? '1');
  return {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    actor: params.get('actor') ?? '',
    customerCode: params.get('customer_code') ?? '',
    action: params.get('action') ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= AUDIT_MAX_PAGE ? page : 1,
  };
}

/** The API's query parameters of the filters (empty ones left out). */
export function auditQueryOf(search: AuditSearch): Record<string, string> {
  const query: Record<string, string> = {
    from: search.from,
    to: search.to,
    actor: search.actor.trim(),
    customer_code: search.customerCode.trim(),
    action: search.action,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
}

/** The URL's search string of a search (page 1 left out). */
export function auditSearchParams(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams(auditQueryOf(search));
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}
