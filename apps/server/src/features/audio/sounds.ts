import { encodeWav } from './wav.js';

const SAMPLE_RATE = 44_100;

interface Note {
  frequency: number;
  start: number;
  /** Seconds for the bell to fall to about 1/e. */
  decay: number;
  gain: number;
}

/**
 * A bell-like tone: a few inharmonic partials with exponential decay and a 5 ms attack, so the
 * note starts without a click. Made in code (DECISIONS D10), no recorded assets.
 */
function renderNotes(duration: number, notes: Note[]): Float32Array {
  const samples = new Float32Array(Math.round(duration * SAMPLE_RATE));
  const partials = [
    { ratio: 1, gain: 1 },
    { ratio: 2.01, gain: 0.35 },
    { ratio: 3.02, gain: 0.12 },
  ];
  for (const note of notes) {
    const first = Math.round(note.start * SAMPLE_RATE);
    for (let i = first; i < samples.length; i++) {
      const t = (i - first) / SAMPLE_RATE;
      const envelope = Math.min(1, t / 0.005) * Math.exp(-t / note.decay);
      let value = 0;
      for (const p of partials) value += p.gain * Math.sin(2 * Math.PI * note.frequency * p.ratio * t);
      samples[i] = (samples[i] ?? 0) + note.gain * envelope * value;
    }
  }
  // Fade the last 30 ms so the file ends in silence.
  const fade = Math.round(0.03 * SAMPLE_RATE);
  for (let i = 0; i < fade; i++) {
    const index = samples.length - 1 - i;
    samples[index] = (samples[index] ?? 0) * (i / fade);
  }
  return samples;
}

/** Intro: a rising two-note chime, E5 then A5, about 1.2 s. */
function introChime(): Buffer {
  return encodeWav(
    renderNotes(1.2, [
      { frequency: 659.25, start: 0, decay: 0.35, gain: 0.3 },
      { frequency: 880, start: 0.22, decay: 0.4, gain: 0.3 },
    ]),
    SAMPLE_RATE,
  );
}

/** Focus: a soft, short blip, 0.15 s. */
function focusBlip(): Buffer {
  return encodeWav(renderNotes(0.15, [{ frequency: 1318.5, start: 0, decay: 0.03, gain: 0.25 }]), SAMPLE_RATE);
}

let cache: ReadonlyMap<string, Buffer> | undefined;

/** The sounds by file name, synthesised once on first use. */
export function sounds(): ReadonlyMap<string, Buffer> {
  cache ??= new Map([
    ['intro.wav', introChime()],
    ['focus.wav', focusBlip()],
  ]);
  return cache;
}
