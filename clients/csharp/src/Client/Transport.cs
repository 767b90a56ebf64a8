using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Cardrules.Client
{
    /// <summary>What came back for one HTTP POST, whatever its status.</summary>
    public sealed class TransportResponse
    {
        internal static readonly IReadOnlyDictionary<string, string> NoHeaders = Normalize(null);

        public TransportResponse(int httpStatus, string body, int? grpcStatus = null, string grpcMessage = null,
            IEnumerable<KeyValuePair<string, string>> headers = null)
        {
            HttpStatus = httpStatus;
            Body = body ?? "";
            GrpcStatus = grpcStatus;
            GrpcMessage = grpcMessage;
            Headers = headers == null ? NoHeaders : Normalize(headers);
        }

        /// <summary>Every response header (and trailer, which HTTP/1.1 answers carry as headers) by lower-case name,
        /// looked up case-insensitively; a header sent more than once has its values joined by <c>", "</c>.</summary>
        public IReadOnlyDictionary<string, string> Headers { get; private set; }

        private static IReadOnlyDictionary<string, string> Normalize(IEnumerable<KeyValuePair<string, string>> headers)
        {
            var byName = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            foreach (var header in headers ?? new KeyValuePair<string, string>[0])
            {
                if (header.Key == null || header.Value == null) continue;
                var name = header.Key.ToLowerInvariant();
                string earlier;
                byName[name] = byName.TryGetValue(name, out earlier) ? earlier + ", " + header.Value : header.Value;
            }
            return byName;
        }

        public int HttpStatus { get; private set; }
        public string Body { get; private set; }

        /// <summary>The <c>grpc-status</c> response header, when the proxy set one.</summary>
        public int? GrpcStatus { get; private set; }

        /// <summary>The <c>grpc-message</c> response header (percent-encoded), when the proxy set one.</summary>
        public string GrpcMessage { get; private set; }
    }

    /// <summary>
    /// Sends one JSON POST. The client owns deadlines, retries and error decoding; a transport only moves bytes, so
    /// Unity's UnityWebRequest (the only HTTP stack that works on WebGL) can stand in for HttpClient.
    /// Contract: return the response for ANY HTTP status (errors come back as 4xx/5xx with a JSON body); give up
    /// after <c>timeout</c> by throwing <see cref="TimeoutException"/>; throw <see cref="OperationCanceledException"/>
    /// when <c>cancellationToken</c> fires; throw anything else when no answer arrived (refused, reset, DNS):
    /// the client reports that as UNAVAILABLE and retries.
    /// <c>headers</c> (never null, often empty) are request headers to send as given, e.g. <c>Authorization</c>;
    /// the transport sets <c>Content-Type: application/json</c> itself. Return the response's headers (and trailers,
    /// if the HTTP stack exposes them apart) in <see cref="TransportResponse.Headers"/>: the client hands them to
    /// the caller (<see cref="RulesException.ResponseHeaders"/>, <see cref="CardrulesClientOptions.OnResponseHeaders"/>).
    /// </summary>
    public interface ITransport
    {
        Task<TransportResponse> PostJsonAsync(string path, string json, IReadOnlyDictionary<string, string> headers,
            TimeSpan timeout, CancellationToken cancellationToken);
    }
}
