/**
 * The bundled fonts. Servers may have no fonts installed at all, so every image uses the DejaVu
 * files shipped in assets/fonts, registered under a family name of our own so that a system font
 * of the same name can never stand in for them.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerFont } from 'canvas';

export const FONT_FAMILY = 'Harbour Sans';

/** The project root: the nearest folder above this module holding package.json (works from src/ and dist/). */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('project root not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

let registered = false;

/** Registers the fonts once; canvas only picks up fonts registered before a canvas is created. */
export function ensureFonts(): void {
  if (registered) return;
  const dir = join(projectRoot(), 'assets', 'fonts');
  registerFont(join(dir, 'DejaVuSans.ttf'), { family: FONT_FAMILY, weight: 'normal' });
  registerFont(join(dir, 'DejaVuSans-Bold.ttf'), { family: FONT_FAMILY, weight: 'bold' });
  registered = true;
}

/** A CSS font string in our family, e.g. font(20, 'bold'). */
export function font(size: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight} ${size}px "${FONT_FAMILY}"`;
}
