import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadDialog } from '~/web/components/ui/dialog';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Dialogs load their library at their first opening (components/ui/dialog); the tests have it loaded
// up front, so a dialog opens in the same tick, as it does in a browser once the library is there.
await preloadDialog();
