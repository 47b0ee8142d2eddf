import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { GatewayConfig } from '../config';
import { conflict, Refusal } from '../http/refusals';
import { hashPassword, passwordMatches } from './password';

export interface Account {
  id: string;
  username: string;
}

export type SessionKind = 'cookie' | 'bearer';

export interface OpenedSession {
  token: string;
  /** For a cookie session: what its unsafe requests send back in `X-CSRF-Token`. */
  csrfToken: string | null;
  expiresAt: Date;
}

export interface SignedIn {
  account: Account;
  kind: SessionKind;
  csrfToken: string | null;
  tokenHash: string;
}

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
// A verifier for unknown usernames, so that a wrong name takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Accounts, passwords and sessions in the gateway's database. */
@Injectable()
export class AccountsService {
  constructor(private readonly db: DataSource, private readonly config: GatewayConfig) {}

  async signUp(username: string, password: string): Promise<Account> {
    const passwordHash = await hashPassword(password, this.config.PASSWORD_SCRYPT_LOG2N);
    const id = randomUUID();
    const rows = await this.db.query<Array<{ id: string }>>(
      `INSERT INTO accounts (id, username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (username_key) DO NOTHING RETURNING id`,
      [id, username, username.toLowerCase(), passwordHash],
    );
    if (rows.length === 0) throw conflict('이미 사용중인 계정명입니다 (the username is taken: choose another)', 'username');
    return { id, username };
  }

  async signIn(username: string, password: string): Promise<Account> {
    const rows = await this.db.query<Array<{ id: string; username: string; password_hash: string | null }>>(
      'SELECT id, username, password_hash FROM accounts WHERE username_key = $1', [username.toLowerCase()],
    );
    const row = rows[0];
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'), this.config.PASSWORD_SCRYPT_LOG2N);
    const ok = await passwordMatches(password, row?.password_hash ?? await decoyHash);
    if (!row || !row.password_hash || !ok) {
      throw new Refusal(HttpStatus.UNAUTHORIZED, 'UNAUTHENTICATED', '아이디나 비밀번호가 올바르지 않습니다. (wrong username or password)');
    }
    return { id: row.id, username: row.username };
  }

  /** The account of an OIDC identity, created (with a free username) at its first sign-in. */
  async accountForIdentity(issuer: string, subject: string, preferredName: string): Promise<Account> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query<Array<{ id: string; username: string }>>(
        `SELECT a.id, a.username FROM account_identities i JOIN accounts a ON a.id = i.account_id
         WHERE i.issuer = $1 AND i.subject = $2`, [issuer, subject],
      );
      if (found[0]) return found[0];
      const id = randomUUID();
      const base = preferredName.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24) || 'player';
      let username = base;
      for (let i = 0; ; i++) {
        const inserted = await tx.query<unknown[]>(
          `INSERT INTO accounts (id, username, username_key, password_hash, created_at) VALUES ($1, $2, $3, NULL, now())
           ON CONFLICT (username_key) DO NOTHING RETURNING id`, [id, username, username.toLowerCase()],
        );
        if (inserted.length > 0) break;
        username = `${base}-${randomBytes(3).toString('hex')}${i > 5 ? i : ''}`;
      }
      await tx.query('INSERT INTO account_identities (issuer, subject, account_id) VALUES ($1, $2, $3)', [issuer, subject, id]);
      return { id, username };
    });
  }

  async openSession(accountId: string, kind: SessionKind): Promise<OpenedSession> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = kind === 'cookie' ? randomBytes(24).toString('base64url') : null;
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await this.db.query(
      'INSERT INTO sessions (token_hash, account_id, kind, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, now(), $5)',
      [tokenHash(token), accountId, kind, csrfToken, expiresAt],
    );
    return { token, csrfToken, expiresAt };
  }

  /** The session a token opens, or undefined (unknown or expired). Use past half its life renews it. */
  async session(token: string): Promise<SignedIn | undefined> {
    const hash = tokenHash(token);
    const rows = await this.db.query<Array<{ id: string; username: string; kind: SessionKind; csrf_token: string | null; stale: boolean }>>(
      `SELECT a.id, a.username, s.kind, s.csrf_token, s.expires_at < now() + make_interval(hours => $2) / 2 AS stale
       FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hash, this.config.SESSION_TTL_HOURS],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.stale) {
      await this.db.query('UPDATE sessions SET expires_at = now() + make_interval(hours => $2) WHERE token_hash = $1', [hash, this.config.SESSION_TTL_HOURS]);
    }
    return { account: { id: row.id, username: row.username }, kind: row.kind, csrfToken: row.csrf_token, tokenHash: hash };
  }

  async closeSession(signedIn: SignedIn): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [signedIn.tokenHash]);
  }
}
