using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Cardrules.Client
{
    /// <summary>The default transport: System.Net.Http.HttpClient (desktop, mobile, consoles; not WebGL).</summary>
    public sealed class HttpClientTransport : ITransport, IDisposable
    {
        private readonly string baseUrl;
        private readonly HttpClient http;
        private readonly bool ownsClient;

        /// <param name="baseUrl">Envoy's public listener, e.g. <c>https://rules.example.com</c> (a path prefix is kept).</param>
        /// <param name="httpClient">Share one HttpClient per process (sockets are pooled); null creates one.</param>
        public HttpClientTransport(string baseUrl, HttpClient httpClient = null)
        {
            if (baseUrl == null) throw new ArgumentNullException("baseUrl");
            this.baseUrl = baseUrl.TrimEnd('/');
            ownsClient = httpClient == null;
            // The client enforces its own per-call deadline, so HttpClient's 100 s default must not cut in first.
            http = httpClient ?? new HttpClient { Timeout = Timeout.InfiniteTimeSpan };
        }

        public async Task<TransportResponse> PostJsonAsync(string path, string json, IReadOnlyDictionary<string, string> headers,
            TimeSpan timeout, CancellationToken cancellationToken)
        {
            using (var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
            using (var request = new HttpRequestMessage(HttpMethod.Post, baseUrl + path))
            {
                request.Content = new StringContent(json, Encoding.UTF8, "application/json");
                foreach (var header in headers)
                    if (!request.Headers.TryAddWithoutValidation(header.Key, header.Value))
                        throw new ArgumentException("cannot send header " + header.Key);
                deadline.CancelAfter(timeout);
                try
                {
                    using (var response = await http.SendAsync(request, deadline.Token).ConfigureAwait(false))
                    {
                        var body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                        return new TransportResponse((int)response.StatusCode, body,
                            GrpcStatus(response), Header(response, "grpc-message"), AllHeaders(response));
                    }
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    throw new TimeoutException("no answer from " + baseUrl + path + " within " + timeout);
                }
            }
        }

        private static int? GrpcStatus(HttpResponseMessage response)
        {
            int code;
            var text = Header(response, "grpc-status");
            return text != null && int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out code) ? code : (int?)null;
        }

        private static string Header(HttpResponseMessage response, string name)
        {
            IEnumerable<string> values;
            // Content headers are a separate collection in HttpClient; look there too.
            if (response.Headers.TryGetValues(name, out values) ||
                (response.Content != null && response.Content.Headers.TryGetValues(name, out values)))
                return values.FirstOrDefault();
            return null;
        }

        private static IEnumerable<KeyValuePair<string, string>> AllHeaders(HttpResponseMessage response)
        {
            var all = response.Headers.AsEnumerable();
            if (response.Content != null) all = all.Concat(response.Content.Headers);
            // Trailers, once the body is read (as grpc-dotnet reads them); Envoy's JSON answers usually carry the
            // gRPC status in headers instead, and a handler that does not surface trailers leaves this empty.
            all = all.Concat(response.TrailingHeaders);
            return all.SelectMany(header => header.Value.Select(value => new KeyValuePair<string, string>(header.Key, value)));
        }

        public void Dispose()
        {
            if (ownsClient) http.Dispose();
        }
    }
}
