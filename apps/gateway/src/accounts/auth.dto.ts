import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';

/** Sign-up and sign-in by password. */
export class PasswordSignInDto {
  /** 3 to 32 letters, digits, `_`, `.` or `-`; compared without case. */
  @Matches(/^[A-Za-z0-9_.-]{3,32}$/, { message: '계정명은 영문, 숫자, _ . - 로 3~32자입니다 (username: 3 to 32 letters, digits, "_", "." or "-")' })
  username!: string;
  @IsString() @Length(8, 128, { message: '비밀번호는 8~128자입니다 (password: 8 to 128 characters)' })
  password!: string;
  /** `cookie` (browsers: an HTTP-only cookie and a CSRF token) or `bearer` (API clients: a token). */
  @IsOptional() @IsIn(['cookie', 'bearer'], { message: 'session must be "cookie" or "bearer"' })
  session?: 'cookie' | 'bearer';
}
