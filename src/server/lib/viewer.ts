import type { UserRole } from '~/shared/constants';

/** Who is calling, as established from the session cookie on the server. */
export interface Viewer {
  userId: string;
  sessionId: string;
  role: UserRole;
  email: string;
  name: string;
  /** Two-step sign-in is on (admins without it may only set it up; decision 27). */
  twoFactorEnabled?: boolean;
}

/** What a service may need of the request: its headers (cookies) and the client's address. */
export interface RequestMeta {
  headers: Headers;
  ip: string;
}

/** Finds the viewer of a request from its headers; null for a visitor. The auth module provides it. */
export type ViewerResolver = (headers: Headers) => Promise<Viewer | null>;
