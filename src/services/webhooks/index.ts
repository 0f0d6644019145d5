export { createWebhooksService } from './webhooks.js';
export { startWebhookWorker } from './worker.js';
