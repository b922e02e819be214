import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PROJECT_ROOT } from '../src/server/config';
import { launchBrowser } from '../tests/e2e/browser';

/**
 * `npm run artwork`: draws each landing-page drawing (scripts/drawings/{gallery,services}/{name}.svg) once into the
 * picture the page serves, public/images/{folder}/{name}.webp, 1200 px wide, with Chromium (docs/decisions.md,
 * "Drawings served as pictures"). The WebP files are committed, so the build needs no browser; run this again after
 * changing a drawing. Pass an output folder to write somewhere else (e.g. to compare before committing).
 */
const sources = join(PROJECT_ROOT, 'scripts', 'drawings');
const outRoot = process.argv[2] ?? join(PROJECT_ROOT, 'public', 'images');
const WIDTH = 1200;
const QUALITY = 0.86;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const folder of ['gallery', 'services']) {
    for (const file of readdirSync(join(sources, folder)).filter((name) => name.endsWith('.svg'))) {
      const svg = readFileSync(join(sources, folder, file), 'utf8');
      const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
      if (!width || !height) throw new Error(`${folder}/${file}: no viewBox "0 0 w h"`);
      const base64 = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d')!.drawImage(image, 0, 0, width, height);
          const url = canvas.toDataURL('image/webp', quality);
          if (!url.startsWith('data:image/webp;base64,')) throw new Error('this browser cannot encode WebP');
          return url.slice('data:image/webp;base64,'.length);
        },
        { svg, width: WIDTH, height: Math.round((WIDTH * Number(height)) / Number(width)), quality: QUALITY },
      );
      const out = join(outRoot, folder, file.replace(/\.svg$/, '.webp'));
      const bytes = Buffer.from(base64, 'base64');
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, bytes);
      console.log(`${folder}/${file} → ${relative(process.cwd(), out)} (${Math.round(bytes.length / 1024)} KB)`);
    }
  }
} finally {
  await browser.close();
}
