import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiFetch } from '../src/api/client';
import { useSession } from '../src/stores/session';

afterEach(() => {
  cleanup();
  resetApiFetch();
  localStorage.clear();
  useSession.setState({ token: null, userRole: null });
});
