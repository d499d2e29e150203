// OCR of an A4 photo (issue 29): time and the process's peak memory (RSS), tesseract worker
// included, in a process of its own so nothing else counts. Goal: memory ≤ 500 MB.
// Uses the built server (npm run build). Alone: `node scripts/bench/ocr.mjs`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { median } from './statistics.mjs';

const READERS = new URL('../../apps/server/dist/features/extraction/readers/', import.meta.url);

/** Runs in the child: renders the photo, reads it once cold and `rounds` times warm. */
async function child(dpi, rounds, format) {
  // the server's own copy (a dev dependency of apps/server)
  const { createCanvas } = createRequire(new URL('../../apps/server/package.json', import.meta.url))('@napi-rs/canvas');
  const { readOcr } = await import(new URL('ocr.js', READERS).href);
  const { closeOcr } = await import(new URL('ocr-engine.js', READERS).href);
  const width = Math.round((210 / 25.4) * dpi);
  const height = Math.round((297 / 25.4) * dpi);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4f2ec';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#202020';
  context.font = `${Math.round(dpi / 6)}px sans-serif`;
  const lineHeight = Math.round(dpi / 4.2);
  const line = 'Lohnausweis 2025 Bruttolohn CHF 68 000.00 Nettolohn';
  for (let y = lineHeight * 2; y < height - lineHeight * 2; y += lineHeight) context.fillText(line, dpi / 1.5, y);
  const contentType = `image/${format}`;
  const input = { bytes: format === 'jpeg' ? canvas.toBuffer(contentType, 85) : canvas.toBuffer(contentType), contentType, fileName: `a4.${format}` };
  const before = process.memoryUsage().rss;
  let started = performance.now();
  const first = await readOcr(input);
  const coldMs = performance.now() - started;
  const warm = [];
  for (let round = 0; round < rounds; round++) {
    started = performance.now();
    await readOcr(input);
    warm.push(performance.now() - started);
  }
  await closeOcr();
  const peakRss = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ format, width, height, coldMs, warm, beforeRss: before, peakRss, keywords: first?.fields?.keywords ?? [] }));
}

export function measureOcr({ dpi = 150, rounds = 3, format = 'png' } = {}) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', String(dpi), String(rounds), format], { encoding: 'utf8' });
  const line = run.stdout.trim().split('\n').at(-1);
  if (run.status !== 0 || !line) throw new Error(`OCR bench failed: ${run.stderr}`);
  const figures = JSON.parse(line);
  return { ...figures, warmMedianMs: median(figures.warm) };
}

export function printOcrFigures(figures) {
  const mb = (bytes) => Math.round(bytes / 1e6);
  const verdict = figures.peakRss <= 500e6 ? 'goal met' : 'BELOW GOAL';
  console.log(
    `  A4 ${figures.format.toUpperCase()} ${figures.width}×${figures.height}: first read ${Math.round(figures.coldMs)} ms (worker start and four languages included), then median ${Math.round(figures.warmMedianMs)} ms; peak RSS ${mb(figures.peakRss)} MB (goal ≤ 500 MB, ${verdict})`,
  );
}

if (process.argv[2] === '--child') await child(Number(process.argv[3]), Number(process.argv[4]), process.argv[5]);
else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('OCR of an A4 photo (deu+fra+ita+eng), in a process of its own');
  // 150 dpi: a page photographed; 256 dpi: the largest page OCR reads without making it smaller
  // (3000 px); a 12-megapixel phone photo (JPEG), decoded and made smaller first
  for (const [dpi, format] of [[150, 'png'], [256, 'png'], [345, 'jpeg']]) printOcrFigures(measureOcr({ dpi, format }));
}
