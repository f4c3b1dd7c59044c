/** A push message handed to the site's service worker, as a push service would (DevTools protocol ServiceWorker.deliverPushMessage). */
import type { BrowserContext, Page } from 'playwright-core';
import { SITE } from './paths.ts';

export async function deliverPush(context: BrowserContext, page: Page, message: object): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
      const ours = registrations.find((one) => one.scopeURL === `${SITE}/` && !one.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: SITE, registrationId: await registration, data: JSON.stringify(message) });
}
