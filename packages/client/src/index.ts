export * as wire from './wire/index.js';
