/** Launch options for `playwright-core`'s `chromium.launch`: Debian's Chromium, headless, quiet. */
export declare const chromiumLaunchOptions: {
  executablePath: string
  args: string[]
}
