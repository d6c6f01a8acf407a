export * from './catalog';
export * from './constants';
export * from './entities';
export * from './images';
export * from './messages';
export * from './money';
export * from './validation';
export * from './invoice';
