// The verdict of a score in words, one line. (The totals line is the library's own:
// `totals_line` in the score's JSON.)

import type { Score } from './types';

const VERDICTS: Record<string, string> = {
  win: 'Win',
  'below-minimum': 'Below the minimum',
  'below-fan-minimum': 'Below the fan minimum',
  'sacred-discard': 'Sacred discard (furiten)',
  'no-yaku': 'No yaku',
  'no-yaku-on-every-wait': 'No yaku on every wait',
  'too-few-yaku': 'Too few yaku for the counters',
  'no-win': 'No winning shape',
};

export function verdictText(score: Score): string {
  const v = score.verdict;
  const base = VERDICTS[v.kind] ?? v.kind;
  if (v.have !== undefined && v.need !== undefined) return `${base}: ${v.have} of ${v.need}`;
  if (v.tile) return `${base}: ${v.tile}`;
  return base;
}
