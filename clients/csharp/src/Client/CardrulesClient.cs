using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Cardrules.Json;
using Cardrules.V1;

namespace Cardrules.Client
{
    /// <summary>How calls are made; the defaults match the Python and TypeScript SDKs.</summary>
    public sealed class CardrulesClientOptions
    {
        /// <summary>Deadline of one call, retries included. Default 2 s.</summary>
        public TimeSpan DefaultTimeout { get; set; } = TimeSpan.FromSeconds(2);

        /// <summary>Attempts in total, the first included; 1 disables retrying. Default 4.</summary>
        public int MaxAttempts { get; set; } = 4;

        /// <summary>Backoff before the second attempt; doubles each time up to <see cref="MaxBackoff"/>. Default 50 ms.</summary>
        public TimeSpan InitialBackoff { get; set; } = TimeSpan.FromMilliseconds(50);

        public TimeSpan MaxBackoff { get; set; } = TimeSpan.FromSeconds(1);

        /// <summary>How to wait between attempts. Task.Delay by default; on a platform without timer threads
        /// (old Unity WebGL players) pass e.g. a wrapper of Unity's <c>Awaitable.WaitForSecondsAsync</c>.</summary>
        public Func<TimeSpan, CancellationToken, Task> Delay { get; set; } = (wait, token) => Task.Delay(wait, token);

        /// <summary>The player's token (the JWT your game backend issued), sent as <c>Authorization: Bearer …</c>
        /// on every call; null (default) sends none. Read at each call, so set a fresh one here when the backend
        /// renews it. A call refused for a missing or invalid token throws <see cref="UnauthenticatedException"/>.</summary>
        public string Token { get; set; }

        /// <summary>More request headers for every call, e.g. <c>x-request-id</c> for your logs (read at each call).
        /// Names are HTTP tokens, values visible ASCII; <c>Authorization</c> (use <see cref="Token"/>) and
        /// <c>Content-Type</c> (the transport's) are refused. Default: none.</summary>
        public IDictionary<string, string> Headers { get; set; } = new Dictionary<string, string>();

        /// <summary>Called with the method and the response headers of every attempt that got an HTTP answer,
        /// success or error, on the caller's context before the answer is decoded (e.g. to read a server-timing or
        /// request-id header). A failed call's headers are also on <see cref="RulesException.ResponseHeaders"/>.
        /// Default null.</summary>
        public Action<RpcMethod, IReadOnlyDictionary<string, string>> OnResponseHeaders { get; set; }
    }

    /// <summary>
    /// The cardrules service over HTTP/JSON (Envoy's gRPC-JSON transcoder): <c>client.Lieng.ScoreLiengAsync(…)</c>,
    /// <c>client.SamLoc.ValidatePlayAsync(…)</c>. Thread-safe; make one per server and keep it.
    /// Every rules call is a pure function of its request, so retrying one can never apply it twice: calls failing
    /// with UNAVAILABLE (or a draining server's CANCELLED) are retried with backoff within the call's deadline.
    /// Every attempt, retries included, calls the transport on the SynchronizationContext the call was made on
    /// (Unity's main thread when called from a MonoBehaviour), so a transport bound to one thread works.
    /// Its property per service is generated from the contract (Generated/CardrulesClient.g.cs).
    /// </summary>
    public sealed partial class CardrulesClient : IRpcInvoker, IDisposable
    {
        private readonly ITransport transport;
        private readonly CardrulesClientOptions options;
        private readonly Random jitter = new Random();

        /// <summary>Over HttpClient to Envoy's public listener, e.g. <c>new CardrulesClient("http://127.0.0.1:8080")</c>.</summary>
        public CardrulesClient(string baseUrl, CardrulesClientOptions options = null)
            : this(new HttpClientTransport(baseUrl), options)
        {
        }

        public CardrulesClient(ITransport transport, CardrulesClientOptions options = null)
        {
            if (transport == null) throw new ArgumentNullException("transport");
            this.transport = transport;
            this.options = options ?? new CardrulesClientOptions();
            if (this.options.MaxAttempts < 1) throw new ArgumentException("MaxAttempts must be at least 1");
            ConnectServices();
        }

        /// <summary>Any RPC by its table entry (what the conformance runner calls).</summary>
        public Task<IProtoMessage> InvokeAsync(RpcMethod method, IProtoMessage request, TimeSpan? timeout,
            CancellationToken cancellationToken)
        {
            return InvokeAsync(method, request, new CallOptions { Timeout = timeout, CancellationToken = cancellationToken });
        }

        /// <summary>Any RPC by its table entry with this call's options (what the typed methods call).</summary>
        public async Task<IProtoMessage> InvokeAsync(RpcMethod method, IProtoMessage request, CallOptions call)
        {
            if (method == null) throw new ArgumentNullException("method");
            if (request == null) throw new ArgumentNullException("request");
            call = call ?? new CallOptions();
            var cancellationToken = call.CancellationToken;
            var budget = call.Timeout ?? options.DefaultTimeout;
            var clock = Stopwatch.StartNew();
            var body = JsonText.Serialize(request.ToJson());
            var headers = RequestHeaders.For(options.Token, options.Headers, call.Headers);
            for (var attempt = 1; ; attempt++)
            {
                RulesException failure;
                var left = budget - clock.Elapsed;
                if (left <= TimeSpan.Zero) throw new RulesException(StatusCode.DeadlineExceeded, "deadline of " + budget + " exceeded");
                try
                {
                    // No ConfigureAwait(false) here or on the delay below: the next attempt must start on the
                    // caller's SynchronizationContext (Unity's main thread, where UnityWebRequest must be created).
                    var response = await transport.PostJsonAsync(method.Path, body, headers, left, cancellationToken);
                    var observer = options.OnResponseHeaders;
                    if (observer != null) observer(method, response.Headers);
                    if (response.HttpStatus == 200 && (!response.GrpcStatus.HasValue || response.GrpcStatus.Value == 0))
                        return Parse(method, response.Body);
                    failure = ErrorDecoder.Decode(response);
                }
                catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
                {
                    throw; // the caller's own cancellation: .NET's usual exception, never retried
                }
                catch (TimeoutException error)
                {
                    throw new RulesException(StatusCode.DeadlineExceeded, error.Message, error);
                }
                catch (Exception error) when (!(error is RulesException))
                {
                    // No HTTP answer at all (connection refused or reset, DNS): the server is not reachable now.
                    failure = new RulesException(StatusCode.Unavailable, error.GetBaseException().Message, error);
                }
                if (!Retryable(failure.Code) || attempt >= options.MaxAttempts) throw failure;
                var wait = Backoff(attempt);
                if (clock.Elapsed + wait >= budget) throw failure; // better the real error than a bare DEADLINE_EXCEEDED
                await options.Delay(wait, cancellationToken);
            }
        }

        private static IProtoMessage Parse(RpcMethod method, string body)
        {
            try
            {
                // Unknown fields are skipped: a newer server may answer with fields this SDK does not know yet.
                return method.ReadResponse(JsonText.Parse(body), true);
            }
            catch (FormatException error)
            {
                throw new RulesException(StatusCode.Internal, "unreadable response of " + method.Path + ": " + error.Message, error);
            }
        }

        // CANCELLED from the server too: a replica shutting down cancels calls it accepted but had not started.
        private static bool Retryable(StatusCode code)
        {
            return code == StatusCode.Unavailable || code == StatusCode.Cancelled;
        }

        private TimeSpan Backoff(int attempt)
        {
            var ceiling = Math.Min(options.MaxBackoff.TotalMilliseconds,
                options.InitialBackoff.TotalMilliseconds * Math.Pow(2, attempt - 1));
            double factor;
            lock (jitter) factor = 0.5 + jitter.NextDouble() / 2; // jitter: replicas are not hit in lockstep
            return TimeSpan.FromMilliseconds(ceiling * factor);
        }

        public void Dispose()
        {
            var disposable = transport as IDisposable;
            if (disposable != null) disposable.Dispose();
        }
    }
}
