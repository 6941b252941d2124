import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setFormWaitMs } from '../src/api/anonymous-form';
import { resetApiFetch } from '../src/api/client';
import { setRetryDelays } from '../src/api/retry';
import { serveApi } from './api-fetch';
import { useSession } from '../src/stores/session';

// No test reaches the network: until a test says otherwise, every API path answers 404.
beforeEach(() => {
  serveApi({});
  // Tests about a failure see it at once; retry.test.ts turns the retries back on.
  setRetryDelays([]);
  // Forms send at once; anonymous-form.test.ts and the forms' own wait tests turn the wait back on.
  setFormWaitMs(0);
});

afterEach(() => {
  cleanup();
  resetApiFetch();
  globalThis.localStorage?.clear(); // absent in the server renderer's tests (node environment)
  useSession.setState({ token: null, userRole: null });
});

// jsdom lays nothing out: the post editor (ProseMirror) asks ranges for rectangles when it scrolls
// the selection into view.
if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}
