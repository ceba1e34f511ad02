import { vi } from 'vitest';

/**
 * The toast a web test gets with `vi.mock('~/web/lib/toast')`: it shows nothing and records each call,
 * for a test that asserts the confirmation a person would read.
 */
export const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() });
