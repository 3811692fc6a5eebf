import { can, MESSAGES, type CurrentUserProfile } from '@b2b/contract';
import { ApiError } from '../../../lib/api-error';
import { truncateText } from './truncate-text';

/** Error detail shows up to 5 list items (SPEC.md section 9). */
export const MAX_ERROR_DETAIL_ITEMS = 5;

/** What the expandable panel of an error toast shows, and what Copy to Clipboard copies. */
export type ErrorDetail = {
  /** Present for users allowed the detailed text. */
  operation?: string;
  messages: string[];
  userId: string | null;
  url: string;
  date: string;
  device: string;
};

export type ErrorNotification = { title?: string; message: string; detail: ErrorDetail };

function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError) {
    return [error.message, ...(error.fieldErrors ?? []).map((e) => `${e.field}: ${e.message}`)];
  }
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

/**
 * The error toast for a failed operation: holders of SystemNotificationsDetailed_VIEW get the
 * operation name and the message, everybody else the generic problem text. The panel carries
 * only what the toast itself may show, plus where and when it happened.
 */
export function describeError(
  error: unknown,
  operation: string,
  user: CurrentUserProfile | null | undefined,
  now: Date = new Date(),
): ErrorNotification {
  const detailed = can(user, 'SystemNotificationsDetailed_VIEW');
  const messages = detailed
    ? messagesOf(error)
        .slice(0, MAX_ERROR_DETAIL_ITEMS)
        .map((m) => truncateText(m))
    : [MESSAGES.genericProblem];
  return {
    title: detailed ? truncateText(operation) : undefined,
    message: messages[0] ?? MESSAGES.genericProblem,
    detail: {
      operation: detailed ? operation : undefined,
      messages,
      userId: user?.id ?? null,
      url: window.location.href,
      date: now.toISOString(),
      device: navigator.userAgent,
    },
  };
}

/** The panel as plain text, for support tickets. */
export function errorDetailText(detail: ErrorDetail): string {
  return [
    ...(detail.operation ? [`Operation: ${detail.operation}`] : []),
    'Messages:',
    ...detail.messages.map((m) => `- ${m}`),
    `User id: ${detail.userId ?? 'not signed in'}`,
    `URL: ${detail.url}`,
    `Date: ${detail.date}`,
    `Device: ${detail.device}`,
  ].join('\n');
}
