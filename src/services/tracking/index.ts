export { createTrackingCache } from './cache.js';
export type { TrackingCache } from './cache.js';
export { startTrackingPoller } from './poller.js';
export { createPublicTracking } from './public-tracking.js';
export { createTrackingService } from './tracking.js';
