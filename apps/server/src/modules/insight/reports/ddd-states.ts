/**
 * The Brazilian states (UF) by area code (DDD): all 67 codes Anatel assigns. A number is Brazilian when its
 * digits are 55 + DDD + 8 or 9 digits (E.164 as contacts store it); anything else has no state (`??`).
 * PostgreSQL keeps a copy in `prosa_ddd_state` (migration 0031), which generates `contacts.ddd_state`: a change
 * here needs a migration that redefines it and recomputes the column (e.g. `update contacts set number = number`).
 */
const areaCodesByState: Readonly<Record<string, readonly number[]>> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

export const dddStates: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(areaCodesByState).flatMap(([state, codes]) => codes.map((code) => [String(code), state])),
);

/** What a number has no state for. */
export const UNKNOWN_STATE = '??';

/**
 * The same rule as `prosa_ddd_state` (migration 0031, which generates `contacts.ddd_state`): contacts keep E.164
 * digits, so a number is Brazilian when it is 55, the DDD, then 8 or 9 digits (a leading + aside).
 */
const BRAZILIAN = /^\+?55(\d{2})\d{8,9}$/;

/** The area code of a Brazilian number, or null. */
export const dddOf = (number: string | null | undefined): string | null => BRAZILIAN.exec(number ?? '')?.[1] ?? null;

/** The state (UF) of a number's area code; `??` for a foreign number or an area code nobody uses. */
export const stateOfNumber = (number: string | null | undefined): string => {
  const ddd = dddOf(number);
  return (ddd && dddStates[ddd]) || UNKNOWN_STATE;
};
