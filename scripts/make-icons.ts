/**
 * Renders web/public/icon.svg into the console's PNG icons and favicon.ico with Chromium
 * (`npx tsx scripts/make-icons.ts`; SHINPAN_CHROMIUM or /usr/bin/chromium). Run it after
 * changing the SVG; the outputs are committed so the build needs no image tools.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = new URL('../web/public/', import.meta.url).pathname;
const svg = readFileSync(`${dir}icon.svg`, 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.SHINPAN_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox'],
});
async function png(size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`,
  );
  const shot = await page.screenshot({ omitBackground: true });
  await page.close();
  return shot;
}

const sizes = { 'icon-192.png': 192, 'icon-512.png': 512 } as const;
for (const [file, size] of Object.entries(sizes)) writeFileSync(`${dir}${file}`, await png(size));

// An ICO file may hold PNG images as they are: a 6-byte header, one 16-byte entry per image, the images.
const images = [await png(32), await png(16)];
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((image, i) => {
  const size = i === 0 ? 32 : 16;
  const at = 6 + 16 * i;
  header.writeUInt8(size, at);
  header.writeUInt8(size, at + 1);
  header.writeUInt16LE(1, at + 4);
  header.writeUInt16LE(32, at + 6);
  header.writeUInt32LE(image.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += image.length;
});
writeFileSync(`${dir}favicon.ico`, Buffer.concat([header, ...images]));
await browser.close();
