import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A player's account. `passwordHash` is null for an account that only signs in through OIDC. */
@Entity({ name: 'accounts' })
export class AccountRow {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  /** As typed at sign-up; `usernameKey` (lower case) is what must be unique. */
  @Column({ type: 'text' }) username!: string;
  @Index('accounts_username_key', { unique: true })
  @Column({ name: 'username_key', type: 'text' }) usernameKey!: string;
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** An account's identity at an OpenID Connect provider (`iss` + `sub`). */
@Entity({ name: 'account_identities' })
export class AccountIdentityRow {
  @PrimaryColumn({ type: 'text' }) issuer!: string;
  @PrimaryColumn({ type: 'text' }) subject!: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId!: string;
}

/**
 * A signed-in session. Only the SHA-256 of its token is stored: a copy of the table signs
 * nobody in. A `cookie` session also holds the CSRF token its unsafe requests must echo.
 */
@Entity({ name: 'sessions' })
export class SessionRow {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash!: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId!: string;
  @Column({ type: 'text' }) kind!: 'cookie' | 'bearer';
  @Column({ name: 'csrf_token', type: 'text', nullable: true }) csrfToken!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
}

export const entities = [AccountRow, AccountIdentityRow, SessionRow];
