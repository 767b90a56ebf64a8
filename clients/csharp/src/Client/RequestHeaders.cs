using System;
using System.Collections.Generic;
using System.Linq;

namespace Cardrules.Client
{
    /// <summary>The request headers of a call: the bearer token and the caller's own, checked before anything is
    /// sent, so no transport can be made to corrupt a request or inject a header.</summary>
    internal static class RequestHeaders
    {
        private const string TokenChars = "!#$%&'*+-.^_`|~";
        private static readonly IReadOnlyDictionary<string, string> None = new Dictionary<string, string>();

        public static IReadOnlyDictionary<string, string> For(string token, IDictionary<string, string> extra)
        {
            if (token == null && (extra == null || extra.Count == 0)) return None;
            var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            foreach (var header in extra ?? new Dictionary<string, string>())
            {
                if (!IsToken(header.Key))
                    throw new ArgumentException("header name " + Quote(header.Key) + " is not an HTTP token");
                if (header.Value == null || header.Value.Any(c => (c < ' ' && c != '\t') || c > '~'))
                    throw new ArgumentException("the value of header " + header.Key + " must be visible ASCII (no line breaks)");
                if (string.Equals(header.Key, "Authorization", StringComparison.OrdinalIgnoreCase))
                    throw new ArgumentException("send the player's token with CardrulesClientOptions.Token, not as a header");
                if (string.Equals(header.Key, "Content-Type", StringComparison.OrdinalIgnoreCase))
                    throw new ArgumentException("the transport sets Content-Type itself");
                if (headers.ContainsKey(header.Key))
                    throw new ArgumentException("header " + header.Key + " given twice");
                headers[header.Key] = header.Value;
            }
            if (token != null)
            {
                // A token is opaque text of visible ASCII (a JWT is base64url and dots): anything else would corrupt
                // the request or inject a header.
                if (token.Length == 0 || token.Any(c => c <= ' ' || c > '~'))
                    throw new ArgumentException("the token must be non-empty visible ASCII (no spaces or line breaks)");
                headers["Authorization"] = "Bearer " + token;
            }
            return headers;
        }

        private static bool IsToken(string name)
        {
            return !string.IsNullOrEmpty(name) && name.All(c => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                (c >= 'A' && c <= 'Z') || TokenChars.IndexOf(c) >= 0);
        }

        private static string Quote(string text) { return text == null ? "null" : "\"" + text + "\""; }
    }
}
