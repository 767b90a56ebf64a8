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

        /// <param name="clients">The client's headers (<see cref="CardrulesClientOptions.Headers"/>).</param>
        /// <param name="calls">This call's (<see cref="CallOptions.Headers"/>): a name in both takes this value.</param>
        public static IReadOnlyDictionary<string, string> For(string token, IDictionary<string, string> clients,
            IDictionary<string, string> calls)
        {
            if (token == null && (clients == null || clients.Count == 0) && (calls == null || calls.Count == 0)) return None;
            var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            Add(headers, clients, false);
            Add(headers, calls, true);
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

        private static void Add(Dictionary<string, string> headers, IDictionary<string, string> extra, bool replaces)
        {
            if (extra == null) return;
            var added = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var header in extra)
            {
                if (!IsToken(header.Key))
                    throw new ArgumentException("header name " + Quote(header.Key) + " is not an HTTP token");
                if (header.Value == null || header.Value.Any(c => (c < ' ' && c != '\t') || c > '~'))
                    throw new ArgumentException("the value of header " + header.Key + " must be visible ASCII (no line breaks)");
                if (string.Equals(header.Key, "Authorization", StringComparison.OrdinalIgnoreCase))
                    throw new ArgumentException("send the player's token with CardrulesClientOptions.Token, not as a header");
                if (string.Equals(header.Key, "Content-Type", StringComparison.OrdinalIgnoreCase))
                    throw new ArgumentException("the transport sets Content-Type itself");
                // One dictionary may still name a header twice in different case (with a case-sensitive comparer).
                if (!added.Add(header.Key) || (!replaces && headers.ContainsKey(header.Key)))
                    throw new ArgumentException("header " + header.Key + " given twice");
                headers.Remove(header.Key); // the call's value, under the call's spelling
                headers[header.Key] = header.Value;
            }
        }

        private static bool IsToken(string name)
        {
            return !string.IsNullOrEmpty(name) && name.All(c => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                (c >= 'A' && c <= 'Z') || TokenChars.IndexOf(c) >= 0);
        }

        private static string Quote(string text) { return text == null ? "null" : "\"" + text + "\""; }
    }
}
