// Bearer tokens for a server with authentication on. Checked here, before any call, so a typo fails at once with a
// clear message instead of as a refused call later. Browser-safe: TLS files are the Node transport's (tls.ts).
import type { Interceptor } from "@connectrpc/connect";

// One header value: printable ASCII without spaces, so "Bearer <token>" is unambiguous (RFC 6750's token68 and
// anything base64url fit).
const TOKEN = /^[\x21-\x7e]+$/;

/** `token` itself once it is known to fit in one header value; throws otherwise. */
export function checkToken(token: string): string {
  if (typeof token !== "string" || !TOKEN.test(token)) {
    throw new TypeError("a token must be a non-empty string of printable ASCII characters without spaces");
  }
  return token;
}

/** An interceptor adding `authorization: Bearer <token>` to every request (set, not appended: one per call). */
export function bearerTokenInterceptor(token: string): Interceptor {
  const value = `Bearer ${checkToken(token)}`;
  return (next) => (req) => {
    req.header.set("authorization", value);
    return next(req);
  };
}
