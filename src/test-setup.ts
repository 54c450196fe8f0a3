import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give up after 15 s, not Testing Library's 1 s: on a busy 2-core machine a
// lazy chunk or a re-render can take seconds (issue #15, "the suite is robust"). A passing test
// is no slower for it; only a failing one takes longer to say so.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());
