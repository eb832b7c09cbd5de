/** Time source; tests inject their own. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
