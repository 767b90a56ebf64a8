// The WebGL seam: HttpClient has no sockets in a browser, UnityWebRequest (the browser's fetch) does.
// Compiled only inside Unity (UNITY_2021_1_OR_NEWER is defined by the Unity editor and players); outside Unity,
// e.g. the Mono build of this repository, the file is empty. The repository's tests compile it against stand-ins of
// these UnityEngine types and run it against a UnityWebRequest test double (tests/sdk/test_csharp_unity_transport.py);
// only a Unity player runs it against Unity itself.
#if UNITY_2021_1_OR_NEWER
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using UnityEngine.Networking;

namespace Cardrules.Client
{
    /// <summary>
    /// ITransport over UnityWebRequest, which must be created and sent on Unity's main thread. Call the client from
    /// the main thread (e.g. a MonoBehaviour's async Start or a button handler): CardrulesClient resumes on
    /// the caller's SynchronizationContext (Unity's, on the main thread) after each attempt and after each retry's
    /// back-off, so every request, retries included, is made there. Calling from a thread-pool thread
    /// (e.g. inside Task.Run) has no such context and UnityWebRequest throws.
    /// <code>var client = new CardrulesClient(new UnityWebRequestTransport("https://rules.example.com"));</code>
    /// </summary>
    public sealed class UnityWebRequestTransport : ITransport
    {
        private readonly string baseUrl;

        public UnityWebRequestTransport(string baseUrl)
        {
            if (baseUrl == null) throw new ArgumentNullException("baseUrl");
            this.baseUrl = baseUrl.TrimEnd('/');
        }

        public Task<TransportResponse> PostJsonAsync(string path, string json, IReadOnlyDictionary<string, string> headers,
            TimeSpan timeout, CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var done = new TaskCompletionSource<TransportResponse>();
            var request = new UnityWebRequest(baseUrl + path, UnityWebRequest.kHttpVerbPOST)
            {
                uploadHandler = new UploadHandlerRaw(Encoding.UTF8.GetBytes(json)),
                downloadHandler = new DownloadHandlerBuffer(),
                // Whole seconds only; the client's deadline is checked again before any retry.
                timeout = Math.Max(1, (int)Math.Ceiling(timeout.TotalSeconds)),
            };
            request.SetRequestHeader("Content-Type", "application/json");
            foreach (var header in headers) request.SetRequestHeader(header.Key, header.Value);
            var registration = cancellationToken.Register(() => request.Abort());
            request.SendWebRequest().completed += _ =>
            {
                registration.Dispose();
                try
                {
                    if (cancellationToken.IsCancellationRequested)
                        done.TrySetCanceled(cancellationToken);
                    else if (request.result == UnityWebRequest.Result.ConnectionError && request.error == "Request timeout")
                        done.TrySetException(new TimeoutException("no answer from " + request.url + " within " + timeout));
                    else if (request.result == UnityWebRequest.Result.ConnectionError || request.responseCode == 0)
                        done.TrySetException(new System.IO.IOException(request.error ?? "no HTTP answer"));
                    else
                        // ProtocolError (4xx/5xx) is an answer: its JSON body holds the gRPC status.
                        done.TrySetResult(new TransportResponse((int)request.responseCode, request.downloadHandler.text,
                            GrpcStatus(request.GetResponseHeader("grpc-status")), request.GetResponseHeader("grpc-message"),
                            request.GetResponseHeaders()));
                }
                finally
                {
                    request.Dispose();
                }
            };
            return done.Task;
        }

        private static int? GrpcStatus(string header)
        {
            int code;
            return header != null && int.TryParse(header, NumberStyles.Integer, CultureInfo.InvariantCulture, out code) ? code : (int?)null;
        }
    }
}
#endif
