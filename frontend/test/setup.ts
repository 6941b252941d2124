import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetApiFetch } from '../src/api/client';
import { setRetryDelays } from '../src/api/retry';
import { serveApi } from './api-fetch';
import { useSession } from '../src/stores/session';

// No test reaches the network: until a test says otherwise, every API path answers 404.
beforeEach(() => {
  serveApi({});
  // Tests about a failure see it at once; retry.test.ts turns the retries back on.
  setRetryDelays([]);
});

afterEach(() => {
  cleanup();
  resetApiFetch();
  localStorage.clear();
  useSession.setState({ token: null, userRole: null });
});
