import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadDialog } from '~/web/components/ui/dialog';
import { loadSonner, sonnerRequested } from '~/web/lib/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup. A worker runs
// one file after another in the same modules (vitest.config.ts): the toasts a test left are
// dismissed, or the next file's Toaster would show them as well.
afterEach(async () => {
  cleanup();
  if (sonnerRequested()) (await loadSonner()).toast.dismiss();
});

// Dialogs load their library at their first opening (components/ui/dialog); the tests have it loaded
// up front, so a dialog opens in the same tick, as it does in a browser once the library is there.
await preloadDialog();
