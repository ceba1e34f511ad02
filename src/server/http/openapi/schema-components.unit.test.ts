import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/project-root';
import { componentName, SCHEMA_MODULES } from './schema-components';

describe('the shared schemas as API components', () => {
  it('come from every module of src/shared/schemas', () => {
    const files = readdirSync(path.join(projectRoot(), 'src/shared/schemas'))
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(SCHEMA_MODULES).sort()).toEqual(files.sort());
  });

  it('are named after their exports, a request input as a request', () => {
    expect(componentName('productListResponseSchema')).toBe('ProductListResponse');
    expect(componentName('reviewInputSchema')).toBe('ReviewRequest');
    expect(componentName('contactMessageSchemaOut')).toBe('ContactMessageSchemaOut');
  });
});
