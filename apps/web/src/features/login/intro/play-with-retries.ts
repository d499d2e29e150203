/** Part 1 §4 Intro: wait 300 ms before the last try. */
export const RETRY_DELAY_MS = 300;

export type PlayOutcome = 'playing' | 'blocked';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function tryPlay(audio: HTMLAudioElement, attempt: string): Promise<boolean> {
  try {
    await audio.play();
    return true;
  } catch (error) {
    // Audio problems are never shown to the user (part 1 §8), only logged.
    console.warn(`Intro sound could not play (${attempt})`, error);
    return false;
  }
}

/**
 * Browsers refuse sound before the first user gesture. The rule of part 1 §4: on failure retry
 * once muted (muted autoplay is allowed; a later gesture unmutes), then once more after 300 ms;
 * after that the sound counts as blocked.
 */
export async function playWithRetries(audio: HTMLAudioElement): Promise<PlayOutcome> {
  audio.muted = false;
  if (await tryPlay(audio, 'first try')) return 'playing';
  audio.muted = true;
  if (await tryPlay(audio, 'muted retry')) return 'playing';
  await delay(RETRY_DELAY_MS);
  if (await tryPlay(audio, 'delayed retry')) return 'playing';
  return 'blocked';
}
