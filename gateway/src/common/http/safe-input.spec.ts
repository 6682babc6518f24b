import { parseId } from './id-param.pipe';
import { findOutOfRangeNumber, findUnsafeText, jsonDepthExceeds } from './safe-input';

describe('parseId', () => {
  it.each([['1', 1], ['57', 57], ['2147483647', 2147483647], [42, 42]])('%p → %p', (input, id) => expect(parseId(input)).toBe(id));
  it.each(['0', '-1', '0x39', '1e3', '5.0', ' 7', '07', '2147483648', '99999999999', '', 2147483648, 1.5, Number.NaN])('%p is not an id', (input) =>
    expect(parseId(input)).toBeUndefined(),
  );
});

describe('findUnsafeText', () => {
  it('finds NUL and unpaired surrogates in values and keys, at any depth', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000y' }] })).toBe('x\u0000y');
    expect(findUnsafeText({ a: 'x\ud800' })).toBe('x\ud800');
    expect(findUnsafeText({ a: '\udc00x' })).toBe('\udc00x');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\u0000');
  });
  it('accepts ordinary text, paired surrogates and bytes', () => {
    expect(findUnsafeText({ a: 'Amani 😀 ñ', b: [1, true, null], c: Buffer.from([0]) })).toBeUndefined();
  });
});

describe('findOutOfRangeNumber', () => {
  it('names the first number no integer column holds', () => {
    expect(findOutOfRangeNumber({ limit: 10, offset: 9223372036854775808 })).toBe('offset');
    expect(findOutOfRangeNumber({ a: { b: [1, Infinity] } })).toBe('a.b.1');
    expect(findOutOfRangeNumber({ amount: 1500.5, id: 2147483647 })).toBeUndefined();
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('['.repeat(33) + ']'.repeat(33))).toBe(true);
    expect(jsonDepthExceeds('['.repeat(32) + ']'.repeat(32))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ s: '['.repeat(100) + '\\"[[[' }))).toBe(false);
  });
});
