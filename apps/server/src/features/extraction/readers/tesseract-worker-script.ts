import { createRequire } from 'node:module';

/**
 * The script tesseract.js runs in its worker thread, given to it as a `data:` URL so it ships
 * inside the build without a file of its own. It is tesseract.js's own Node worker script
 * (tesseract.js/src/worker-script/node/index.js) with two changes:
 * - no network and no disk: fetch, and the cache's read and write, refuse. Language data comes in
 *   as bytes (ocr-engine.ts), so neither is ever needed, and a wrong option cannot quietly fetch
 *   from a CDN or leave files behind.
 * - tesseract.js 7.0.0 initialises languages given as bytes under the bytes' text instead of their
 *   code (upstream pull request 1052, open): the worker renames them before passing them on.
 */
const NODE_WORKER_SCRIPT = createRequire(import.meta.url).resolve('tesseract.js/src/worker-script/node/index.js');

const source = `
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(NODE_WORKER_SCRIPT)});
const { parentPort } = require('node:worker_threads');
const worker = require('..');
const getCore = require('./getCore');
const gunzip = require('./gunzip');
const refuse = async () => { throw new Error('Network and disk are closed to OCR'); };
worker.setAdapter({ getCore, gunzip, fetch: refuse, readCache: refuse, writeCache: refuse, deleteCache: async () => {}, checkCache: async () => false });
const byCode = (packet) => {
  if (packet.action !== 'initialize' || !Array.isArray(packet.payload?.langs)) return packet;
  const langs = packet.payload.langs.map((lang) => (typeof lang === 'string' ? lang : lang.code)).join('+');
  return { ...packet, payload: { ...packet.payload, langs } };
};
parentPort.on('message', (packet) => worker.dispatchHandlers(byCode(packet), (reply) => parentPort.postMessage(reply)));
`;

export const TESSERACT_WORKER_URL = new URL(`data:text/javascript,${encodeURIComponent(source)}`);
