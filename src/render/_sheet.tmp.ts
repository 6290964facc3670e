import { writeFileSync } from 'node:fs';
import { newCanvas, drawSymbol, PIRATE_SYMBOLS, drawPawn, PLAYER_COLOURS, drawText, drawChip, encodePng } from './index.js';
const c = newCanvas(800, 360); const ctx = c.getContext('2d');
ctx.fillStyle = '#f4e9cf'; ctx.fillRect(0,0,800,360);
PIRATE_SYMBOLS.forEach((s,i)=>{ drawSymbol(ctx,s,70+i*120,70,100); drawSymbol(ctx,s,50+i*60,190,40); drawSymbol(ctx,s,420+i*40,190,28);});
PLAYER_COLOURS.forEach((col,i)=>{ drawPawn(ctx,60+i*60,320,50,col); drawPawn(ctx,400+i*30,320,30,col);});
drawText(ctx,'Start ×4',600,260,{size:24,weight:'bold',colour:'#fff',halo:'#000'});
drawChip(ctx,'×4',600,320,{size:18,fill:'#1c140d',ink:'#fff'});
writeFileSync('/work/main/tests/e2e/.artifacts/sheet.png', await encodePng(c));
