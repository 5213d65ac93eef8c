// The verdict and the totals of a score in words, one line each.

import { grouped } from './dom';
import type { Score, Totals } from './types';

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

/** The totals in the ruleset's own terms, one line. */
export function totalsText(t: Totals): string {
  const n = (k: string) => Number(t[k] ?? 0);
  switch (t.system) {
    case 'points':
      if (t.limit) return `${String(t.limit)} limit: ${n('limit_points')} points`;
      return `${n('hand_points')} hand-points + ${n('bonus_points')} bonus-points (minimum ${n('minimum')})`;
    case 'han-fu': {
      const yakuman = n('yakuman');
      if (yakuman) return `${yakuman > 1 ? `${yakuman}× ` : ''}yakuman`;
      return `${n('han')} han ${n('fu')} fu · base ${grouped(n('base_points'))}`;
    }
    case 'han-table': {
      const yakuman = n('yakuman');
      const row = t.row ? ` · row ${String(t.row)}` : '';
      if (yakuman) return `${yakuman > 1 ? `${yakuman}× ` : ''}yakuman${row}`;
      return `${n('han')} han (${n('yaku_han')} yaku + ${n('bonus_han')} bonus)${row}`;
    }
    case 'fan':
      return `${n('counted')} fan counted (${n('fan')} before the cap of ${n('cap')}) · ${n('points')} points`;
  }
  return '';
}
