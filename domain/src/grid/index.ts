export * from './units.js';
export * from './duration.js';
export * from './predecessors.js';
export * from './cycle-values.js';
export * from './view.js';
export * from './apply-view.js';
