import type { Linter } from 'eslint';

/** The import-boundary rules of the lint (eslint.boundaries.js). */
export declare const boundariesConfig: Linter.Config[];
