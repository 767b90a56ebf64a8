// Credentials for a server with authentication on: a bearer token on every call, and TLS with an optional client
// certificate (mutual TLS). Both are checked here, before any call, so a typo fails at once with a clear message
// instead of as a refused call later.
import type * as http2 from "node:http2";
import type { Interceptor } from "@connectrpc/connect";

/** A PEM certificate or key, as text or as the bytes of the file. */
export type Pem = string | Uint8Array;

export interface CredentialOptions {
  /**
   * Bearer token sent as `authorization: Bearer <token>` on every call. Over a plaintext `http://` target anyone
   * on the path can read it: use that only on a trusted network or the same host, and `https://` elsewhere.
   */
  readonly token?: string;
  /** TLS: the CA certificate(s) that signed the server's certificate. Default: Node's bundled roots. */
  readonly ca?: Pem;
  /** Mutual TLS: this client's certificate chain; needs `key`. */
  readonly cert?: Pem;
  /** Mutual TLS: the private key of `cert`. */
  readonly key?: Pem;
}

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

/** Whether any TLS setting is given, which makes a bare `host:port` target mean `https://`. */
export function wantsTls(options: CredentialOptions): boolean {
  return options.ca !== undefined || options.cert !== undefined || options.key !== undefined;
}

/**
 * The HTTP/2 session options with the TLS settings of `options` added. Throws when a certificate comes without
 * its key (or the reverse), or when TLS settings are given for a plaintext `http://` target, where Node would
 * silently ignore them and send everything in the clear.
 */
export function tlsSessionOptions(
  baseUrl: string,
  options: CredentialOptions,
  nodeOptions: http2.ClientSessionOptions | http2.SecureClientSessionOptions = {},
): http2.ClientSessionOptions | http2.SecureClientSessionOptions {
  if ((options.cert === undefined) !== (options.key === undefined)) {
    throw new TypeError("cert and key go together: give both for mutual TLS, or neither");
  }
  if (!wantsTls(options)) {
    return nodeOptions;
  }
  if (!baseUrl.toLowerCase().startsWith("https://")) {
    throw new TypeError(`ca, cert and key need an https:// target, not ${baseUrl}`);
  }
  return {
    ...nodeOptions,
    ...(options.ca === undefined ? {} : { ca: pemText(options.ca) }),
    ...(options.cert === undefined ? {} : { cert: pemText(options.cert) }),
    ...(options.key === undefined ? {} : { key: pemText(options.key) }),
  };
}

function pemText(pem: Pem): string {
  return typeof pem === "string" ? pem : new TextDecoder().decode(pem);
}
