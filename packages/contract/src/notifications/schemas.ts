import { z } from 'zod';

/** How far back the notifications reach (the list is "what happened lately", not an archive). */
export const NOTIFICATION_DAYS = 30;
/** At most this many, newest first. */
export const NOTIFICATION_LIMIT = 50;

export const USER_NOTIFICATION_KINDS = [
  'JobCompleted',
  'JobFailed',
  'DownloadReady',
  'DownloadFailed',
  'UploadLinkUsed',
] as const;

/** One thing that happened to the user's own work (SPEC §6 "notifications", issuer base). */
export const UserNotificationSchema = z.object({
  /** Stable per event: `<kind>:<record id>`. */
  id: z.string(),
  kind: z.enum(USER_NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  /** Where the user acts on it: an app path, or a file to download. */
  link: z.string(),
  at: z.string(),
});
export type UserNotification = z.infer<typeof UserNotificationSchema>;
export const UserNotificationsSchema = z.array(UserNotificationSchema);
