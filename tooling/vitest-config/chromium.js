// How the browser tests start Chromium: Debian's (`scripts/apt-packages.txt`; never a download),
// headless, without background network traffic. One list for every package's browser tests.

/** Launch options for `playwright-core`'s `chromium.launch`. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
}
