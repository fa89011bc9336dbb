import { expect, it } from 'vitest';
import { median, pairedRatios } from './lib/measure-process.mjs';

it('compares runs within their pairs, so a swing every pair shares drops out', () => {
  // The last three pairs ran on a busier machine: both variants twice as slow.
  const a = [104, 105, 103, 104, 206, 210, 208];
  const b = [100, 100, 100, 100, 200, 200, 200];
  expect(pairedRatios(a, b)).toEqual({ median: 1.04, q1: 1.04, q3: 1.05 });
  // The ratio of the two medians compares runs of different pairs (105 / 100): 1.05 here.
  expect(median(a) / median(b)).toBe(1.05);
});

it('refuses lists that are not pairs', () => {
  expect(() => pairedRatios([1, 2], [1])).toThrow('pairs are needed');
  expect(() => pairedRatios([], [])).toThrow('pairs are needed');
});
