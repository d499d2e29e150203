import { test as base } from '@playwright/test';

/**
 * Every test gets its own client address (the e2e server trusts X-Forwarded-For from loopback,
 * TRUST_PROXY=loopback): the per-IP limit of 30 codes an hour is real, and a whole suite signing in
 * from 127.0.0.1 would otherwise run into it. The limit itself is proven by the API tests.
 */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ page }, use) => {
      const octet = () => Math.floor(Math.random() * 254) + 1;
      const address = `10.${octet()}.${octet()}.${octet()}`;
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
      await use(address);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
