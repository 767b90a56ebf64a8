using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using Cardrules.Client;
using Cardrules.Json;
using Cardrules.V1;

namespace Cardrules.Conformance
{
    /// <summary>
    /// Replays conformance vectors through the C# SDK against a live server behind Envoy's HTTP/JSON transcoder.
    ///     mono Conformance.exe VECTORS_DIR [--base-url http://127.0.0.1:8080] [--token TOKEN] [--timeout SECONDS] [--verbose]
    /// --token (or the environment variable CARDRULES_TOKEN) is sent as <c>Authorization: Bearer TOKEN</c> on every
    /// call: a player's JWT when the front proxy requires one.
    /// Each request is read into the SDK's typed message (unknown fields rejected, as the vectors README asks),
    /// sent by CardrulesClient, and the typed response turned back into proto3 JSON with defaults emitted: so the
    /// generated classes, the transport and the error decoding are what is checked, not just Envoy. Each Deal case is
    /// also recomputed locally with <see cref="FairDeal"/> (<see cref="LocalDeal"/>) and must match too.
    /// Exit status: 0 all passed; 1 some case failed or no case was found; 2 bad usage or unreadable vectors.
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            string vectors = null, baseUrl = "http://127.0.0.1:8080";
            var token = Environment.GetEnvironmentVariable("CARDRULES_TOKEN");
            if (string.IsNullOrEmpty(token)) token = null;
            var timeout = TimeSpan.FromSeconds(10);
            var verbose = false;
            for (var i = 0; i < args.Length; i++)
            {
                switch (args[i])
                {
                    case "--base-url":
                        if (++i >= args.Length) return Usage("--base-url needs a value");
                        baseUrl = args[i];
                        break;
                    case "--token":
                        if (++i >= args.Length || args[i].Length == 0) return Usage("--token needs a value");
                        token = args[i];
                        break;
                    case "--timeout":
                        double seconds;
                        if (++i >= args.Length || !double.TryParse(args[i], NumberStyles.Float, CultureInfo.InvariantCulture, out seconds) || seconds <= 0)
                            return Usage("--timeout needs a number of seconds > 0");
                        timeout = TimeSpan.FromSeconds(seconds);
                        break;
                    case "--verbose":
                        verbose = true;
                        break;
                    default:
                        if (args[i].StartsWith("--", StringComparison.Ordinal) || vectors != null) return Usage("unexpected argument " + args[i]);
                        vectors = args[i];
                        break;
                }
            }
            if (vectors == null) return Usage("VECTORS_DIR is required");
            if (token != null && token.Any(c => c <= ' ' || c > '~')) return Usage("the token must be visible ASCII (no spaces or line breaks)");
            var cases = new List<Case>();
            var broken = new List<Broken>();
            try
            {
                Vectors.Load(vectors, cases, broken);
            }
            catch (VectorsUnreadable error)
            {
                Console.Error.WriteLine("cardrules-conformance: " + error.Message);
                return 2;
            }
            foreach (var item in broken)
                Console.WriteLine("FAIL " + (item.Name != null ? item.File + ": " + item.Name : item.File) + ": malformed vector: " + OneLine(item.Problem));
            int passed = 0, failed = broken.Count;
            var options = new CardrulesClientOptions { DefaultTimeout = timeout, Token = token };
            using (var client = new CardrulesClient(baseUrl, options))
            {
                foreach (var testCase in cases)
                {
                    string difference;
                    try
                    {
                        difference = Matching.MatchExpect(testCase.Expect, Run(client, testCase))
                            ?? LocalDeal.Difference(testCase); // a Deal case: this SDK must deal the same, locally
                    }
                    catch (CaseException error)
                    {
                        difference = error.Message;
                    }
                    if (difference == null)
                    {
                        passed++;
                        if (verbose) Console.WriteLine("ok   " + testCase.File + ": " + testCase.Name);
                    }
                    else
                    {
                        failed++;
                        Console.WriteLine("FAIL " + testCase.File + ": " + testCase.Name + ": " + OneLine(difference));
                    }
                }
            }
            if (passed + failed == 0) Console.Error.WriteLine("cardrules-conformance: no vector cases found under " + vectors);
            Console.WriteLine(passed + " passed, " + failed + " failed");
            return failed == 0 && passed > 0 ? 0 : 1;
        }

        /// <summary>Sends one case's request by its method's table entry and captures the response or status.</summary>
        public static Outcome Run(CardrulesClient client, Case testCase)
        {
            var method = RpcMethod.Find(testCase.Service, testCase.Method);
            if (method == null)
            {
                var known = RpcMethods.All.Any(m => m.Service == testCase.Service);
                throw new CaseException(known ? "unknown method '" + testCase.Method + "' of " + testCase.Service : "unknown service '" + testCase.Service + "'");
            }
            IProtoMessage request;
            try
            {
                request = method.ReadRequest(testCase.Request, false);
            }
            catch (FormatException error)
            {
                throw new CaseException("request does not parse as the request of " + method.Path + ": " + error.Message);
            }
            try
            {
                var response = client.InvokeAsync(method, request, null, CancellationToken.None).GetAwaiter().GetResult();
                return Outcome.Success(response.ToJson());
            }
            catch (RulesException error)
            {
                var violations = error.FieldViolations.Select(v => Outcome.Violation(v.Field, v.Reason));
                return Outcome.Failure(error.CodeName, violations, error.StatusMessage);
            }
        }

        private static string OneLine(string text)
        {
            // One line per failing case, even when a message spans several.
            return string.Join(" ", text.Split('\n').Select(line => line.Trim()));
        }

        private static int Usage(string problem)
        {
            Console.Error.WriteLine("cardrules-conformance: " + problem);
            Console.Error.WriteLine("usage: mono Conformance.exe VECTORS_DIR [--base-url URL] [--token TOKEN] [--timeout SECONDS] [--verbose]");
            return 2;
        }
    }

    /// <summary>The case cannot be sent (unknown service or method, request JSON that does not fit the message).</summary>
    public sealed class CaseException : Exception
    {
        public CaseException(string message) : base(message) { }
    }
}
