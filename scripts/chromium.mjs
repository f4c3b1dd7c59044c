/** Launches the system Chromium (Debian's `chromium`, or CHROME_PATH) for screenshots, benches and e2e tests. */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

// Without these, Chromium stalls on network look-ups this machine cannot make.
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  return path;
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}
