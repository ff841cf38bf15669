// The bulk actions' reports (issue 15): the kind's singular or plural name and the participle agreeing with it.
import { describe, expect, it } from 'vitest';
import { bulkReport, countOf } from '../../client/src/features/people/components/bulk-actions-bar';

describe('bulk action reports', () => {
  it('agrees in number with the kind names', () => {
    expect(bulkReport('athlete', 'assign', 12, 'Under 14')).toBe('12 atleti associati a Under 14');
    expect(bulkReport('athlete', 'assign', 1, 'Under 14')).toBe('1 atleta associato a Under 14');
    expect(bulkReport('athlete', 'archive', 3)).toBe('3 atleti archiviati');
    expect(bulkReport('coach', 'unassign', 2, 'Staff A')).toBe('2 allenatori rimossi da Staff A');
    expect(bulkReport('member', 'unassign', 1, 'Direttivo')).toBe('1 socio rimosso da Direttivo');
    expect(bulkReport('voluntary', 'export', 4)).toBe('4 volontari esportati');
    expect(countOf('staff', 1)).toBe('1 accompagnatore');
    expect(countOf('manager', 5)).toBe('5 dirigenti');
  });
});
