// `chrome` inside sw.evaluate / page.evaluate callbacks runs in the extension, not in Node.
declare var chrome: typeof import('wxt/browser').browser;
