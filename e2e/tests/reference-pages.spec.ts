import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newEmail, signInAdmin, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

const headerLinks = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');

async function menuEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const entries = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return entries;
}

/** True when the page is wider than the window (a horizontal scroll bar). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

// The admin first: on its own, this file's first account would be an administrator anyway (user 1).
test('an admin finds Cantons, Address Lookup, the expert workspace and Admin in the header, wide and narrow, and chooses a canton', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signInAdmin(page);
  await expect(headerLinks(page)).toHaveText(['Home', 'Cantons', 'Profile', 'Address Lookup', 'File History', 'Expert workspace', 'Admin']);

  // Seven pages do not fit inline on a tablet: the menu takes them there.
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(headerLinks(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);

  await page.setViewportSize(NARROW);
  expect(await menuEntries(page)).toEqual(['Home', 'Cantons', 'Profile', 'Address Lookup', 'File History', 'Expert workspace', 'Admin', 'Logout']);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Cantons' }).click();
  await expect(page).toHaveURL(/\/cantons$/);
  const cantons = page.getByRole('list', { name: 'Cantons of Switzerland' }).getByRole('button');
  await expect(cantons).toHaveCount(26);
  await page.getByRole('button', { name: 'Zurich ZH' }).click();
  await expect(page.getByRole('region', { name: 'Canton details' })).toContainText('XXX.XXX.XXX');
  await expect(page.getByRole('img', { name: 'Coat of arms of Zurich' })).toHaveJSProperty('complete', true);
  expect(await page.getByRole('img', { name: 'Coat of arms of Zurich' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('at 390 px the menu opens from the keyboard as from a press: the first entry takes the focus, Escape gives it back', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await signInWithProfile(page, newEmail('menu-keys'));
  for (const key of ['Enter', 'Space', 'ArrowDown']) {
    // A fresh load each time: the button is the stand-in until it is first focused or pressed.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Menu', exact: true }).focus();
    await page.keyboard.press(key);
    await expect(page.getByRole('menuitem', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
  }
  await page.reload();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'File History' }).click();
  await expect(page).toHaveURL(/\/file-history$/);
});

test('someone who is not an admin sees neither in the header; the reference pages pass axe, wide and at 390 px', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signInWithProfile(page, newEmail('reference'));
  await expect(headerLinks(page)).toHaveText(['Home', 'Profile', 'File History']);

  await page.goto('/cantons');
  await expect(page.getByRole('list', { name: 'Cantons of Switzerland' }).getByRole('button')).toHaveCount(26);
  await page.getByRole('button', { name: 'Geneva GE' }).click();
  await expect(page.getByRole('region', { name: 'Canton details' })).toContainText('Geneva');
  await expectNoAxeViolations(page);

  await page.goto('/tax-card-demo');
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete your tax profile' })).toHaveAttribute('href', '/profile?setup=tax');
  const family = page.getByRole('button', { name: /^Family & Children/ });
  await expect(family).toHaveAttribute('aria-expanded', 'false');
  await family.click();
  await expect(family).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Not applicable - children').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/featuretest');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Grid', 'List', 'Cards with icons', 'Compact']);
  await expectNoAxeViolations(page);

  await page.goto('/pgbar');
  await expect(page.getByRole('region', { name: /^State \d/ })).toHaveCount(6);
  await expectNoAxeViolations(page);

  await page.setViewportSize(NARROW);
  expect(await menuEntries(page)).toEqual(['Home', 'Profile', 'File History', 'Logout']);
  for (const path of ['/cantons', '/tax-card-demo', '/featuretest', '/pgbar']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/cantons') await expect(page.getByRole('list', { name: 'Cantons of Switzerland' }).getByRole('button')).toHaveCount(26);
    if (path === '/tax-card-demo') await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    expect(await scrollsSideways(page), `${path} scrolls sideways at 390 px`).toBe(false);
  }
  await page.goto('/cantons');
  await expect(page.getByRole('list', { name: 'Cantons of Switzerland' }).getByRole('button')).toHaveCount(26);
  await expectNoAxeViolations(page);
});
