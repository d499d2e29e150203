/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs `first` and `second` back to back `rounds` times, each going first in every other round, and
 * returns their results in two lists: this machine has slow phases lasting seconds, and a slow
 * phase then falls on both halves of a pair, not on one side's best. `round` counts from 1.
 */
export async function pairedRounds(rounds, first, second) {
  const firsts = [];
  const seconds = [];
  for (let round = 1; round <= rounds; round++) {
    const runFirst = async () => firsts.push(await first(round));
    const runSecond = async () => seconds.push(await second(round));
    if (round % 2) await runFirst().then(runSecond);
    else await runSecond().then(runFirst);
  }
  return [firsts, seconds];
}
