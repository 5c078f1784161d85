/**
 * Draws the extension's icons, public/icon/<size>.png at every size the stores ask for, from the one
 * source scripts/icon.svg: `npm run icons`, then commit both. WXT finds public/icon/<size>.png and
 * declares them in the manifest.
 *
 * The drawing is done by the Chromium the project already uses (Debian's, through Playwright), so no
 * image tool is needed; a transparent screenshot of the SVG at each size keeps its anti-aliasing.
 * `--preview <file>` also writes a sheet of the icons on a light and a dark toolbar, to check them.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from '@playwright/test';

export const ICON_SIZES = [16, 32, 48, 128] as const;
const SOURCE = 'scripts/icon.svg';
const OUT_DIR = 'public/icon';

const svg = readFileSync(SOURCE, 'utf8');
const previewIndex = process.argv.indexOf('--preview');
const previewPath = previewIndex >= 0 ? process.argv[previewIndex + 1] : undefined;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>` +
        svg.replace('<svg ', `<svg width="${size}" height="${size}" `),
    );
    await page.screenshot({ path: `${OUT_DIR}/${size}.png`, omitBackground: true });
    console.log(`${OUT_DIR}/${size}.png`);
  }
  if (previewPath) {
    // Chrome's and Firefox's light and dark toolbar colours; each icon at its own size, then doubled.
    const toolbars = ['#f1f3f4', '#ffffff', '#202124', '#2b2a33'];
    const images = ICON_SIZES.map(
      (size) =>
        [size, `data:image/png;base64,${readFileSync(`${OUT_DIR}/${size}.png`).toString('base64')}`] as const,
    );
    const cells = (bg: string) =>
      images
        .map(
          ([size, src]) =>
            `<td style="background:${bg}"><img src="${src}" width="${size}"></td>` +
            `<td style="background:${bg}"><img src="${src}" width="${size * 2}" style="image-rendering:pixelated"></td>`,
        )
        .join('');
    await page.setViewportSize({ width: 900, height: 700 });
    await page.setContent(
      `<!doctype html><style>body{margin:0}td{padding:12px;vertical-align:middle}</style><table style="border-spacing:0">${toolbars.map((bg) => `<tr>${cells(bg)}</tr>`).join('')}</table>`,
    );
    mkdirSync(dirname(previewPath), { recursive: true });
    await page.screenshot({ path: previewPath, fullPage: true });
    console.log(previewPath);
  }
} finally {
  await browser.close();
}
