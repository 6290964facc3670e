export * from './contract.js';
export * from './random.js';
export * from './seats.js';
export * from './deck.js';
export * from './public-events.js';
export * from './action-identity.js';
