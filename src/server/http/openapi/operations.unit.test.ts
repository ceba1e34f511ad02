import { describe, expect, it } from 'vitest';
import { describeOperations, operationIdOf, type PathItem } from './operations';

const ok = { description: 'Default Response' };

describe('operationIdOf', () => {
  it('reads the method and the path, /api left out and a parameter as By<Name>', () => {
    expect(operationIdOf('get', '/api/catalogue/products/{id}/reviews')).toBe('getCatalogueProductsByIdReviews');
    expect(operationIdOf('post', '/api/auth/two-factor')).toBe('postAuthTwoFactor');
    expect(operationIdOf('get', '/media/products/{imageId}/{file}')).toBe('getMediaProductsByImageIdByFile');
    expect(operationIdOf('get', '/sitemap.xml')).toBe('getSitemapXml');
  });
});

describe('describeOperations', () => {
  it('derives security and the error answers from the access rule, the method and the path', () => {
    const paths: Record<string, PathItem> = {
      '/api/catalogue/products': { get: { 'x-access': 'public', parameters: [{ name: 'q' }], responses: { 200: ok } } },
      '/api/orders/{id}/cancel': {
        post: { 'x-access': 'customer', requestBody: {}, parameters: [{ name: 'id' }], responses: { 200: ok, 409: ok } },
      },
      '/api/account': { get: { 'x-access': 'signed-in', responses: { 200: ok } } },
      '/api/payments/webhook': { post: { 'x-access': 'public', requestBody: {}, responses: { 200: ok } } },
    };
    describeOperations(paths);
    const list = paths['/api/catalogue/products']!.get!;
    expect(list.security).toEqual([]);
    expect(Object.keys(list.responses!)).toEqual(['200', '400', 'default']);
    const cancel = paths['/api/orders/{id}/cancel']!.post!;
    expect(cancel.operationId).toBe('postOrdersByIdCancel');
    expect(cancel.security).toEqual([{ sessionCookie: [] }]);
    expect(cancel.responses).toMatchObject({
      200: ok,
      400: { $ref: '#/components/responses/BadRequest' },
      401: { $ref: '#/components/responses/Unauthenticated' },
      403: { $ref: '#/components/responses/Forbidden' },
      404: { $ref: '#/components/responses/NotFound' },
      409: { $ref: '#/components/responses/Conflict' },
      413: { $ref: '#/components/responses/PayloadTooLarge' },
      415: { $ref: '#/components/responses/UnsupportedMediaType' },
      default: { $ref: '#/components/responses/Error' },
    });
    // Any account: no role to refuse, and a read from anywhere.
    expect(Object.keys(paths['/api/account']!.get!.responses!)).toEqual(['200', '401', 'default']);
    // Signed by the provider, not refused for its origin.
    expect(Object.keys(paths['/api/payments/webhook']!.post!.responses!)).toEqual(['200', '400', '413', '415', 'default']);
  });

  it('keeps an operationId a route declares, and refuses two operations of one id', () => {
    const paths: Record<string, PathItem> = { '/api/a-b': { get: { operationId: 'readAB', responses: { 200: ok } } } };
    describeOperations(paths);
    expect(paths['/api/a-b']!.get!.operationId).toBe('readAB');
    expect(() =>
      describeOperations({ '/api/a-b': { get: { responses: { 200: ok } } }, '/api/a/b': { get: { responses: { 200: ok } } } }),
    ).toThrow('GET /api/a/b and GET /api/a-b would share the operationId getAB');
  });

  it('describes a file answer by its media type', () => {
    const paths: Record<string, PathItem> = {
      '/api/admin/reports/tcs.csv': {
        get: {
          'x-access': 'admin',
          responses: { 200: { description: 'text/csv', content: { 'application/json': { schema: { description: 'text/csv' } } } } },
        },
      },
    };
    describeOperations(paths);
    expect(paths['/api/admin/reports/tcs.csv']!.get!.responses!['200']).toEqual({
      description: 'The file (text/csv)',
      content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
    });
  });
});
