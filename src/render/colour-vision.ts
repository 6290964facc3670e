/**
 * How colours look to people with a colour-vision deficiency, to check the palette: the
 * dichromacy simulation of Viénot, Brettel and Mollon (1999) in linear sRGB (Brettel's tritan
 * plane for tritanopia), and the CIELAB distance (ΔE 1976) between two colours as seen.
 */
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

const MATRICES: Record<Vision, number[][]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.11238, 0.88762, 0],
    [0.11238, 0.88762, 0],
    [0.00401, -0.00401, 1],
  ],
  deuteranopia: [
    [0.29275, 0.70725, 0],
    [0.29275, 0.70725, 0],
    [-0.02234, 0.02234, 1],
  ],
  tritanopia: [
    [1, 0.14461, -0.14461],
    [0, 0.85924, 0.14076],
    [0, 0.85924, 0.14076],
  ],
};

const toLinear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** '#rrggbb' in linear sRGB. */
function linearRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [toLinear(parseInt(m[1] as string, 16)), toLinear(parseInt(m[2] as string, 16)), toLinear(parseInt(m[3] as string, 16))];
}

/** CIELAB (D65) of a linear sRGB colour. */
function lab([r, g, b]: readonly number[]): [number, number, number] {
  const x = (0.4124 * (r as number) + 0.3576 * (g as number) + 0.1805 * (b as number)) / 0.95047;
  const y = 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
  const z = (0.0193 * (r as number) + 0.1192 * (g as number) + 0.9505 * (b as number)) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIELAB of `hex` as a person with `vision` sees it. */
export function seenAs(hex: string, vision: Vision): [number, number, number] {
  const rgb = linearRgb(hex);
  const seen = MATRICES[vision].map((row) => Math.min(1, Math.max(0, (row[0] as number) * rgb[0] + (row[1] as number) * rgb[1] + (row[2] as number) * rgb[2])));
  return lab(seen);
}

/** How far apart two colours look to a person with `vision` (ΔE 1976; about 2 is just noticeable). */
export function seenDistance(a: string, b: string, vision: Vision): number {
  const [l1, a1, b1] = seenAs(a, vision);
  const [l2, a2, b2] = seenAs(b, vision);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}
