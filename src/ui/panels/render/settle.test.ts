// The stretch shown while a dense chart's zoom has not settled must put every value where a layout at the live
// domain would: a chart drawn over calls 0..1000 shown at 200..400 maps call 300 to the middle of the plot.
import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3-scale';
import { viewTransform } from './settle';

describe('viewTransform', () => {
  it('maps the laid-out x of a value to its x at the live domain', () => {
    const [x0, x1] = [150, 1000];
    for (const [laid, live] of [
      [
        [0, 1000],
        [200, 400],
      ],
      [
        [200, 400],
        [0, 1000],
      ],
      [
        [10, 20],
        [12, 13],
      ],
    ] as [number, number][][]) {
      const v = viewTransform(laid as [number, number], live as [number, number], x0, x1)!;
      const drawn = scaleLinear().domain(laid).range([x0, x1]);
      const shown = scaleLinear().domain(live).range([x0, x1]);
      for (const value of [laid[0], live[0], (live[0] + live[1]) / 2, live[1], laid[1]])
        expect(v.a * drawn(value) + v.b).toBeCloseTo(shown(value), 6);
    }
  });
  it('is null when the chart is laid out at the live domain (nothing stretched)', () => {
    expect(viewTransform([0, 10], [0, 10], 150, 1000)).toBeNull();
  });
});
