using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Cardrules.Client;
using Cardrules.V1;

namespace Cardrules.Tests
{
    /// <summary>
    /// A SynchronizationContext that runs every posted callback, in order, on one thread of its own: what Unity's
    /// main thread is to a MonoBehaviour. Awaits made on that thread resume on it unless ConfigureAwait(false).
    /// </summary>
    public sealed class MessagePumpContext : SynchronizationContext, IDisposable
    {
        private readonly BlockingCollection<KeyValuePair<SendOrPostCallback, object>> queue =
            new BlockingCollection<KeyValuePair<SendOrPostCallback, object>>();
        private readonly Thread thread;

        public MessagePumpContext()
        {
            thread = new Thread(Pump) { IsBackground = true, Name = "message pump" };
            thread.Start();
        }

        public int ThreadId { get { return thread.ManagedThreadId; } }

        public override void Post(SendOrPostCallback callback, object state)
        {
            queue.Add(new KeyValuePair<SendOrPostCallback, object>(callback, state));
        }

        public override void Send(SendOrPostCallback callback, object state)
        {
            throw new NotSupportedException("the pump only takes posted work");
        }

        // The base class would hand out a plain context that runs work on the thread pool.
        public override SynchronizationContext CreateCopy() { return this; }

        /// <summary>Starts <paramref name="work"/> on the pump's thread and waits for its result.</summary>
        public T Run<T>(Func<Task<T>> work)
        {
            var done = new TaskCompletionSource<T>();
            Post(async _ =>
            {
                try
                {
                    done.SetResult(await work());
                }
                catch (Exception error)
                {
                    done.SetException(error);
                }
            }, null);
            // Generous: only a hang (a continuation lost off the pump) should ever reach it.
            if (!done.Task.Wait(TimeSpan.FromSeconds(60))) throw new TimeoutException("the work on the pump never finished");
            return done.Task.Result;
        }

        private void Pump()
        {
            SetSynchronizationContext(this);
            foreach (var item in queue.GetConsumingEnumerable()) item.Key(item.Value);
        }

        public void Dispose()
        {
            queue.CompleteAdding();
            thread.Join();
        }
    }

    /// <summary>
    /// Answers UNAVAILABLE twice, then a score, noting the thread of every call. Its tasks complete either on a
    /// thread-pool thread (as a real HTTP stack's do) or synchronously, so each await of the client is tested alone.
    /// </summary>
    public sealed class ThreadNotingTransport : ITransport
    {
        private readonly bool completeOnPool;
        private int calls;
        public readonly List<int> CallThreads = new List<int>();

        public ThreadNotingTransport(bool completeOnPool) { this.completeOnPool = completeOnPool; }

        public Task<TransportResponse> PostJsonAsync(string path, string json, IReadOnlyDictionary<string, string> headers,
            TimeSpan timeout, CancellationToken cancellationToken)
        {
            lock (CallThreads) CallThreads.Add(Thread.CurrentThread.ManagedThreadId);
            var answer = ++calls <= 2
                ? new TransportResponse(503, "{\"code\":14,\"message\":\"upstream connect error\"}")
                : new TransportResponse(200, "{\"scores\":[{\"tier\":\"LIENG_TIER_SAP\",\"strength\":7}]}");
            return completeOnPool ? Task.Run(() => answer) : Task.FromResult(answer);
        }
    }

    /// <summary>
    /// UnityWebRequest must be created on Unity's main thread, so the client must call its transport on the
    /// caller's SynchronizationContext on the first attempt and on every retry.
    /// </summary>
    public static class ContextTests
    {
        private static List<int> CallThreadsOnPump(ThreadNotingTransport transport, Func<TimeSpan, CancellationToken, Task> delay,
            out int pumpThread)
        {
            // Back-offs long enough that Task.Delay is still pending when awaited, even on a loaded machine.
            // A long deadline: a loaded machine must not turn a slow thread hop into DEADLINE_EXCEEDED.
            var options = new CardrulesClientOptions
            {
                InitialBackoff = TimeSpan.FromMilliseconds(20),
                MaxBackoff = TimeSpan.FromMilliseconds(40),
                DefaultTimeout = TimeSpan.FromSeconds(30),
            };
            if (delay != null) options.Delay = delay;
            var client = new CardrulesClient(transport, options);
            var request = new ScoreLiengRequest();
            request.Hands.Add(CardText.ParseCards("AC AD AH"));
            using (var pump = new MessagePumpContext())
            {
                pumpThread = pump.ThreadId;
                var tier = pump.Run(async () => (await client.Lieng.ScoreLiengAsync(request)).Scores[0].Tier);
                Assert.Equal(LiengTier.Sap, tier);
            }
            Assert.Equal(3, transport.CallThreads.Count, "attempts (two UNAVAILABLE, then OK)");
            return transport.CallThreads;
        }

        // The transport answers on a pool thread and the back-off completes at once: what is tested is the await
        // of the transport call.
        public static void TestEveryAttemptAfterAnAnswerOffTheContextIsOnTheCallersThread()
        {
            int pump;
            var threads = CallThreadsOnPump(new ThreadNotingTransport(completeOnPool: true), (wait, token) => Task.FromResult(0), out pump);
            for (var attempt = 0; attempt < threads.Count; attempt++)
                Assert.Equal(pump, threads[attempt], "thread of attempt " + (attempt + 1));
        }

        // The transport answers synchronously and the default back-off (Task.Delay) completes on a timer thread:
        // what is tested is the await of the back-off.
        public static void TestEveryRetryAfterTheBackoffIsOnTheCallersThread()
        {
            int pump;
            var threads = CallThreadsOnPump(new ThreadNotingTransport(completeOnPool: false), null, out pump);
            for (var attempt = 0; attempt < threads.Count; attempt++)
                Assert.Equal(pump, threads[attempt], "thread of attempt " + (attempt + 1));
        }

        // Both, as with a real HTTP stack and the default back-off.
        public static void TestEveryAttemptWithARealisticTransportIsOnTheCallersThread()
        {
            int pump;
            var threads = CallThreadsOnPump(new ThreadNotingTransport(completeOnPool: true), null, out pump);
            for (var attempt = 0; attempt < threads.Count; attempt++)
                Assert.Equal(pump, threads[attempt], "thread of attempt " + (attempt + 1));
        }
    }
}
