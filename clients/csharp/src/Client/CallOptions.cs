using System;
using System.Collections.Generic;
using System.Threading;

namespace Cardrules.Client
{
    /// <summary>One call's own settings, as grpc-dotnet's CallOptions:
    /// <c>client.Lieng.ScoreLiengAsync(request, new CallOptions { Timeout = TimeSpan.FromSeconds(1) })</c>.</summary>
    public sealed class CallOptions
    {
        /// <summary>This call's deadline, retries included; null: the client's <see cref="CardrulesClientOptions.DefaultTimeout"/>.</summary>
        public TimeSpan? Timeout { get; set; }

        /// <summary>Request headers for this call only, sent beside the client's
        /// <see cref="CardrulesClientOptions.Headers"/> (a name in both takes this call's value); the same names are
        /// refused (<c>Authorization</c>, <c>Content-Type</c>).</summary>
        public IDictionary<string, string> Headers { get; set; }

        /// <summary>Cancels the call (it then throws <see cref="OperationCanceledException"/>).</summary>
        public CancellationToken CancellationToken { get; set; }
    }
}
