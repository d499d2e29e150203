import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor give up after this long. Their default (1 s) is short for a 2-core CI machine
// running the whole suite at once: a render that takes longer there failed a test that passes alone.
// Only how long a wait may last changes, never what is waited for.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Absent only in the few tests that run in Node (the lint fence).
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
