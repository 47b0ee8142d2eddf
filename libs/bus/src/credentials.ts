import type { ConnectionOptions } from '@nats-io/nats-core';

/**
 * The connection options of a NATS role (deploy/nats): its user and password, and replies
 * on an inbox only that role may read (`_INBOX_<user>.>`). No user: none (a test server).
 */
export function roleCredentials(user: string, password: string): Pick<ConnectionOptions, 'user' | 'pass' | 'inboxPrefix'> {
  return user ? { user, pass: password, inboxPrefix: `_INBOX_${user}` } : {};
}
