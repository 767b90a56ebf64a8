// TLS for the Node transport: the server's CA and an optional client certificate (mutual TLS), checked before any
// call so a missing key or a plaintext target fails at once instead of Node silently ignoring the settings.
import type * as http2 from "node:http2";

/** A PEM certificate or key, as text or as the bytes of the file. */
export type Pem = string | Uint8Array;

export interface TlsOptions {
  /** TLS: the CA certificate(s) that signed the server's certificate. Default: Node's bundled roots. */
  readonly ca?: Pem;
  /** Mutual TLS: this client's certificate chain; needs `key`. */
  readonly cert?: Pem;
  /** Mutual TLS: the private key of `cert`. */
  readonly key?: Pem;
}

/** Whether any TLS setting is given, which makes a bare `host:port` target mean `https://`. */
export function wantsTls(options: TlsOptions): boolean {
  return options.ca !== undefined || options.cert !== undefined || options.key !== undefined;
}

/**
 * The HTTP/2 session options with the TLS settings of `options` added. Throws when a certificate comes without
 * its key (or the reverse), or when TLS settings are given for a plaintext `http://` target, where Node would
 * silently ignore them and send everything in the clear.
 */
export function tlsSessionOptions(
  baseUrl: string,
  options: TlsOptions,
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
