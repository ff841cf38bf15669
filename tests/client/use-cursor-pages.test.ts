import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../schema/constants';
import { cursorStack, pageCount } from '../../client/src/lib/use-cursor-pages';

describe('cursor pages of a Relay list', () => {
  it('counts pages of PAGE_SIZE rows, at least one', () => {
    expect(PAGE_SIZE).toBe(8);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(8)).toBe(1);
    expect(pageCount(9)).toBe(2);
    expect(pageCount(17)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
  });

  it('next pushes the end cursor, prev pops it, page 1 always asks after null', () => {
    let stack = cursorStack.start();
    expect(stack).toEqual([null]);
    stack = cursorStack.next(stack, 'c8');
    stack = cursorStack.next(stack, 'c16');
    expect(stack).toEqual([null, 'c8', 'c16']);
    expect(stack.at(-1)).toBe('c16');
    stack = cursorStack.prev(stack);
    expect(stack).toEqual([null, 'c8']);
    stack = cursorStack.prev(cursorStack.prev(stack));
    expect(stack).toEqual([null]);
  });

  it('a missing end cursor (last page) does not add a page', () => {
    const stack = cursorStack.next([null, 'c8'], null);
    expect(stack).toEqual([null, 'c8']);
    expect(cursorStack.next(stack, undefined)).toEqual([null, 'c8']);
  });
});
