/**
 * How long a form must rest before what it holds is priced on the server (a mid-term change, a
 * renewal's answers): long enough that typing a name or moving through the options asks once,
 * short enough to feel immediate. One figure for every live preview, so they all feel alike.
 */
export const PREVIEW_DELAY_MS = 400;
