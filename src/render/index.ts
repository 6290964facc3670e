/** Shared canvas helpers for every game's board image. */
export { FONT_FAMILY, ensureFonts, font, projectRoot } from './fonts.js';
export { newBoardCanvas, newCanvas, encodePng } from './canvas.js';
export { LayerCache } from './layer-cache.js';
export {
  PLAYER_COLOURS,
  PLAYER_HEX,
  PLAYER_SHAPE,
  SHAPE_GLYPH,
  OUTLINE,
  seatColour,
  type PlayerColour,
  type PlayerShape,
  type ColourSwatch,
  type BoardPlayer,
} from './palette.js';
export {
  roundRectPath,
  drawRoundRect,
  drawPawn,
  drawPawnShape,
  drawPlayerMark,
  shapePath,
  pawnWidth,
  type PawnHead,
  drawArrow,
  type BoxStyle,
} from './shapes.js';
export { drawText, fitText, textWidth, drawChip, shortName, type TextStyle, type ChipStyle } from './text.js';
export { drawHeaderBand, type HeaderBand } from './header.js';
export { setName, cutName, drawNameLines, settingWidth, type NameSetting, type NameRoom } from './names.js';
export { PIRATE_SYMBOLS, SYMBOL_BACKGROUND, drawSymbol, drawSymbolGlyph, type PirateSymbol } from './symbols.js';
export { secondary, minTextPx, IMPORTANT_PX, SECONDARY_PX, SECONDARY_KINDS, type SecondaryKind } from './text-role.js';
