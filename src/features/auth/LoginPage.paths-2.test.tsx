/**
 * The login statechart's paths from /login, part 2 of 3, replayed through the real page
 * (login-page-paths.tsx says how; three files so that Vitest runs them side by side).
 */
import { describeLoginPaths, installLoginPageFakes } from './login-page-paths.tsx';

installLoginPageFakes();

describeLoginPaths('/login', { index: 1, count: 3 });
