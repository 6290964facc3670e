/**
 * Static layers (a board's background, its tiles) are drawn once per layout key and then copied
 * with drawImage, which is far cheaper than redrawing paths and gradients on every turn.
 */
import type { Canvas, CanvasRenderingContext2D } from 'canvas';
import { newCanvas, retire } from './canvas.js';

export class LayerCache {
  /** Every cache made, so that all can be emptied at once. */
  private static readonly all = new Set<LayerCache>();

  /** Empties every layer cache: a test that must see each layer drawn starts with this. */
  static clearAll(): void {
    for (const cache of LayerCache.all) cache.clear();
  }

  /** Map keeps insertion order, which serves as least-recently-used order. */
  private readonly layers = new Map<string, Canvas>();

  /** Each layer of a 1200 px board is a few MB, hence a small bound. */
  constructor(private readonly maxEntries = 12) {
    LayerCache.all.add(this);
  }

  /** The layer for `key`, drawn by `draw` on a fresh transparent canvas the first time. */
  get(key: string, width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void): Canvas {
    const hit = this.layers.get(key);
    if (hit) {
      this.layers.delete(key);
      this.layers.set(key, hit);
      return hit;
    }
    const layer = newCanvas(width, height);
    draw(layer.getContext('2d'));
    this.layers.set(key, layer);
    while (this.layers.size > this.maxEntries) {
      const oldest = this.layers.keys().next().value as string;
      // Its native pixels go when the current board is encoded, without waiting for a GC.
      retire(this.layers.get(oldest) as Canvas);
      this.layers.delete(oldest);
    }
    return layer;
  }

  get size(): number {
    return this.layers.size;
  }

  clear(): void {
    for (const layer of this.layers.values()) retire(layer);
    this.layers.clear();
  }
}
