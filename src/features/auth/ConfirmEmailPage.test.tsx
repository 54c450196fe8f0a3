import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { CONFIRM_TEXT } from './ConfirmEmailPage.tsx';

describe('ConfirmEmailPage (/auth/confirm, /verify)', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('says the e-mail is verified only when the link came back with verified=1', async () => {
    renderRoute('/auth/confirm?verified=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: CONFIRM_TEXT.verifiedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_TEXT.verifiedBody)).toBeInTheDocument();
  });

  it('explains how to confirm when opened without a link’s answer', async () => {
    renderRoute('/verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: CONFIRM_TEXT.pendingTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByText(CONFIRM_TEXT.verifiedTitle)).not.toBeInTheDocument();
  });

  it('says why a refused link failed, even with verified=1 in the address', async () => {
    renderRoute('/auth/confirm?verified=1&error=INVALID_TOKEN');
    expect(
      await screen.findByRole('heading', { level: 1, name: CONFIRM_TEXT.failedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_TEXT.expired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
