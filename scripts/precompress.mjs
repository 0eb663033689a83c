// Brotli and gzip copies of the built web app's text assets (`app.js` → `app.js.br`, `app.js.gz`),
// made once at build time and sent by the server to browsers that accept them (@fastify/static's
// preCompressed): a phone on a mobile network loads about a quarter of the bytes, and the server
// spends no CPU compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024;

function* filesBelow(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesBelow(path);
    else yield path;
  }
}

/** Writes the .br and .gz siblings of every compressible file below dir; answers their counts. */
export function precompressFolder(dir) {
  let files = 0;
  let bytes = 0;
  let compressedBytes = 0;
  for (const path of filesBelow(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    files++;
    bytes += content.length;
    compressedBytes += br.length;
  }
  return { files, bytes, compressedBytes };
}
