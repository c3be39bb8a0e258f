import { expect, type Page } from '@playwright/test';

/**
 * The toast with this title. Located by structure, not role: while a modal dialog is open Radix hides
 * everything outside it from the accessibility tree, toasts included.
 */
export function toastWith(page: Page, title: string) {
  return page.locator('ol > li[data-state="open"]').filter({ hasText: title });
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
}
