import { expect, type Page } from '@playwright/test';

/**
 * Presses Tab until the button named `name` (exactly) has focus, at most 100 times, as a keyboard or switch
 * user would; fails when it never does.
 */
export async function tabToButton(page: Page, name: string): Promise<void> {
  const target = page.getByRole('button', { name, exact: true });
  for (let i = 0; i < 100 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
