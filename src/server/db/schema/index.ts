export * from './users';
export * from './suppliers';
export * from './bookings';
export * from './projects';
export * from './payments';
export * from './content';
export * from './system';
export * from './counters';
