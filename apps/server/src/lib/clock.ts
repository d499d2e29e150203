/** Injectable "now" (DECISIONS D2): tests fix today by passing their own clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
