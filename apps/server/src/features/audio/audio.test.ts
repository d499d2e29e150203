import { describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get } from '../../test/auth-helpers.js';

/** Duration of a 16-bit mono PCM WAV, read from its header. */
function wavSeconds(body: Buffer): number {
  expect(body.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(body.subarray(8, 12).toString('ascii')).toBe('WAVE');
  expect(body.readUInt16LE(20)).toBe(1); // PCM
  expect(body.readUInt16LE(22)).toBe(1); // mono
  expect(body.readUInt16LE(34)).toBe(16); // bits
  return body.readUInt32LE(40) / (body.readUInt32LE(24) * 2);
}

function peak(body: Buffer): number {
  let max = 0;
  for (let i = 44; i < body.length; i += 2) max = Math.max(max, Math.abs(body.readInt16LE(i)));
  return max / 32767;
}

describe.each(drivers)('GET /api/audio/:file (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('serves the intro chime and the focus blip as cacheable WAV, without a session', async () => {
    const intro = await get(ctx.app, '/api/audio/intro.wav');
    expect(intro.statusCode).toBe(200);
    expect(intro.headers['content-type']).toBe('audio/wav');
    expect(intro.headers['cache-control']).toMatch(/^public, max-age=\d{6,}/);
    expect(wavSeconds(intro.rawPayload)).toBeCloseTo(1.2, 1);
    const focus = await get(ctx.app, '/api/audio/focus.wav');
    expect(wavSeconds(focus.rawPayload)).toBeCloseTo(0.15, 2);
    // Audible but not clipping, and silent at the very end.
    for (const body of [intro.rawPayload, focus.rawPayload]) {
      expect(peak(body)).toBeGreaterThan(0.1);
      expect(peak(body)).toBeLessThan(1);
      expect(Math.abs(body.readInt16LE(body.length - 2))).toBeLessThan(50);
    }
  });

  it('answers 404 for unknown names and anything path-like', async () => {
    for (const file of ['nope.wav', 'intro.mp3', '..%2Fpackage.json', '..%5Cintro.wav', '%2Fetc%2Fpasswd', 'sub%2Fintro.wav']) {
      const response = await get(ctx.app, `/api/audio/${file}`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await get(ctx.app, '/api/audio/../../package.json')).statusCode).toBe(404);
  });
});
