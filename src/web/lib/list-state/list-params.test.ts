import { describe, expect, it } from 'vitest';
import { adminUsersQuerySchema } from '~/shared/schemas/auth';
import { adminPaymentsQuerySchema } from '~/shared/schemas/payments';
import { listDefaults, listParamsOf, parseListParams } from './list-params';

const params = (query: string) => new URLSearchParams(query);

describe('list state in the URL', () => {
  it('reads the filters, sort and page with the server’s own schema', () => {
    expect(parseListParams(adminPaymentsQuerySchema, params('status=refunded&method=upi&q=SC-1000&sort=-amount&page=3'))).toEqual({
      page: 3,
      pageSize: 20,
      status: 'refunded',
      method: 'upi',
      q: 'SC-1000',
      sort: '-amount',
    });
  });

  it('falls back to the default of a field the schema refuses, keeping the others', () => {
    expect(parseListParams(adminPaymentsQuerySchema, params('page=two&status=lost&sort=customer&method=cod&pageSize=5000'))).toEqual({
      page: 1,
      pageSize: 20,
      method: 'cod',
      sort: '-createdAt',
    });
    expect(parseListParams(adminUsersQuerySchema, params('role=superuser&q=asha&tracking=1'))).toEqual({
      page: 1,
      pageSize: 20,
      q: 'asha',
      sort: '-createdAt',
    });
  });

  it('writes a short address: defaults and empty values left out, in the schema’s order', () => {
    expect(listParamsOf(adminPaymentsQuerySchema, { sort: '-createdAt', page: 1, q: '', status: 'failed' }).toString()).toBe(
      'status=failed',
    );
    expect(listParamsOf(adminPaymentsQuerySchema, { sort: 'amount', page: 2, method: 'cod' }).toString()).toBe(
      'page=2&method=cod&sort=amount',
    );
    expect(listParamsOf(adminUsersQuerySchema, listDefaults(adminUsersQuerySchema)).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const state = { page: 4, pageSize: 50, status: 'captured', method: 'emi', q: 'name@example.in', sort: 'amount' } as const;
    expect(parseListParams(adminPaymentsQuerySchema, listParamsOf(adminPaymentsQuerySchema, state))).toEqual(state);
  });
});
