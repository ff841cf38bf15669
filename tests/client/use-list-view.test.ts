import { describe, expect, it } from 'vitest';
import { pageOfParam, pageVariables } from '../../client/src/lib/use-list-view';

describe('a list page in the address', () => {
  it('reads ?pagina= as a page from 1, anything else as page 1', () => {
    expect(pageOfParam('3')).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'due', '1e9', '9999999']) expect(pageOfParam(value)).toBe(1);
  });

  it('asks for 8 rows from the page start', () => {
    expect(pageVariables(1)).toEqual({ first: 8, offset: 0 });
    expect(pageVariables(4)).toEqual({ first: 8, offset: 24 });
  });
});
