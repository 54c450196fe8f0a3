import { describe, expect, it } from 'vitest';
import { OWNER_SETUP_HOURS, ownerSetupMessage } from './owner-setup.ts';

const URL_ = 'http://localhost:3000/setup?token=abc';

describe('The start-up line with the owner set-up link (ADR 0023)', () => {
  it('says there is no owner when no account holds the role', () => {
    expect(ownerSetupMessage({ url: URL_, unconfirmedOwner: false }, { smtp: false })).toBe(
      `No owner yet. To create the owner account, open this one-time link (it works for ${OWNER_SETUP_HOURS} hours): ${URL_}`,
    );
  });

  it.each([false, true])(
    'with an owner account waiting for its address to be confirmed (SMTP %s), says so, never "no owner"',
    (smtp) => {
      const line = ownerSetupMessage({ url: URL_, unconfirmedOwner: true }, { smtp });
      expect(line).not.toMatch(/no owner yet/i);
      expect(line).toMatch(/^An owner account \(an address in ADMIN_EMAILS\) has not confirmed its address/);
      // Where its confirmation e-mail is, and what the link does with that address.
      expect(line).toMatch(smtp ? /e-mail sent to it/ : /waits in the outbox/);
      expect(line).toContain('enter that address with the password you want');
      expect(line.endsWith(`(it works for ${OWNER_SETUP_HOURS} hours): ${URL_}`)).toBe(true);
      // No address is ever written to the log.
      expect(line).not.toMatch(/@/);
    },
  );
});
