import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { projectRoot } from '../../src/render/index.js';

const ARTIFACTS = join(projectRoot(), 'tests', 'e2e', '.artifacts');

/** Keeps a board image in tests/e2e/.artifacts, for people to look at. */
export function saveArtifact(name: string, png: Buffer): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `${name}.png`), png);
}

/** A PNG that reads well in Discord's preview: opaque, at least 1000 px wide, under a megabyte. */
export function expectSanePng(png: Buffer): void {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  // IHDR: width and height are big-endian at bytes 16 and 20.
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1000);
  expect(png.readUInt32BE(20)).toBeGreaterThan(500);
  // Colour type 2: 8-bit RGB without alpha. A board covers every pixel, so it is drawn opaque.
  expect([png[24], png[25]]).toEqual([8, 2]);
  expect(png.length).toBeLessThan(1024 * 1024);
}
