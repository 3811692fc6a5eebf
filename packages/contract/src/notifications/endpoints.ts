import { defineEndpoint } from '../common/endpoint.js';
import { UserNotificationsSchema } from './schemas.js';

export const listUserNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/notifications',
  summary:
    'What happened lately to the user’s own work: their jobs that completed or failed and their prepared downloads that are ready or failed, newest first',
  tags: ['Notifications'],
  responses: { 200: UserNotificationsSchema },
  access: { permissions: ['UserNotification_VIEW'] },
});
