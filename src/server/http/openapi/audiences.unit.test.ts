import { describe, expect, it } from 'vitest';
import { documentFor, type Document } from './audiences';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (name: string) => ({
  200: { description: 'ok', content: { 'application/json': { schema: ref(name) } } },
  default: { $ref: '#/components/responses/Error' },
});

const full: Document = {
  info: { title: 'Sahyadri Computers API', description: 'Errors are ApiError.' },
  paths: {
    '/api/catalogue/products': { get: { 'x-access': 'public', responses: answer('ProductList') } },
    '/api/orders': { get: { 'x-access': 'customer', responses: answer('OrderList') } },
    '/api/vendor/products': { get: { 'x-access': 'vendor', responses: answer('OwnProducts') } },
    '/api/admin/users': { get: { 'x-access': 'admin', responses: answer('AdminUsers') } },
  },
  components: {
    schemas: {
      ProductList: { type: 'array', items: ref('ProductCard') },
      ProductCard: { type: 'object' },
      OrderList: { type: 'array' },
      OwnProducts: { type: 'array', items: ref('ProductCard') },
      AdminUsers: { type: 'array', items: ref('AdminUser') },
      AdminUser: { type: 'object' },
      ApiError: { type: 'object' },
    },
    responses: { Error: { content: { 'application/json': { schema: ref('ApiError') } } }, Conflict: {} },
    securitySchemes: { sessionCookie: { type: 'apiKey' } },
  },
};

describe('documentFor', () => {
  it('keeps the operations the audience’s accounts can call, and the components they reach', () => {
    const store = documentFor(full, 'store');
    expect(Object.keys(store.paths)).toEqual(['/api/catalogue/products', '/api/orders']);
    expect(Object.keys(store.components!.schemas!).sort()).toEqual(['ApiError', 'OrderList', 'ProductCard', 'ProductList']);
    expect(Object.keys(store.components!.responses!)).toEqual(['Error']);
    expect(store.components!['securitySchemes']).toEqual({ sessionCookie: { type: 'apiKey' } });
    expect(store.info.title).toBe('Sahyadri Computers Store API');
    expect(store.info.description).toContain('Errors are ApiError.');

    const admin = documentFor(full, 'admin');
    expect(Object.keys(admin.paths)).toEqual(['/api/catalogue/products', '/api/admin/users']);
    expect(Object.keys(admin.components!.schemas!).sort()).toEqual(['AdminUser', 'AdminUsers', 'ApiError', 'ProductCard', 'ProductList']);

    expect(Object.keys(documentFor(full, 'vendor').paths)).toEqual(['/api/catalogue/products', '/api/vendor/products']);
  });
});
