// Stand-ins for the few UnityEngine types the SDK's UnityWebRequestTransport and the README's sample MonoBehaviour
// use, with the signatures of Unity's own API (2021.3 and later). Unity's assemblies cannot be obtained from any
// package registry, so the tests compile the SDK (with UNITY_2021_1_OR_NEWER defined, as inside Unity) and the
// sample against these instead (tests/docs/test_csharp_readme.py). UnityWebRequest is also a test double:
// tests/sdk/test_csharp_unity_transport.py runs the transport against it, a StandInServer (not Unity API) answering
// each request the way Unity reports answers: result, error, responseCode, downloadHandler.text and the headers.
// Everything else throws, and only what those files use is declared.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    public class Object
    {
    }

    public class Component : Object
    {
    }

    public class Behaviour : Component
    {
    }

    public class MonoBehaviour : Behaviour
    {
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute
    {
    }

    public static class Debug
    {
        public static void Log(object message) { throw new NotSupportedException("compile-time stand-in"); }

        public static void LogWarning(object message) { throw new NotSupportedException("compile-time stand-in"); }

        public static void LogError(object message) { throw new NotSupportedException("compile-time stand-in"); }
    }

    public class AsyncOperation
    {
        private Action<AsyncOperation> onCompleted;

        public bool isDone { get; private set; }

        // As in Unity: a handler added after the operation finished is called at once.
        public event Action<AsyncOperation> completed
        {
            add
            {
                if (isDone) value(this);
                else onCompleted += value;
            }
            remove { onCompleted -= value; }
        }

        internal void Finish()
        {
            isDone = true;
            var handlers = onCompleted;
            onCompleted = null;
            if (handlers != null) handlers(this);
        }
    }
}

namespace UnityEngine.Networking
{
    public class UploadHandler : IDisposable
    {
        public byte[] data { get; protected set; }

        public void Dispose() { }
    }

    public sealed class UploadHandlerRaw : UploadHandler
    {
        public UploadHandlerRaw(byte[] data) { this.data = data; }
    }

    public class DownloadHandler : IDisposable
    {
        public string text { get; internal set; }

        public void Dispose() { }
    }

    public sealed class DownloadHandlerBuffer : DownloadHandler
    {
    }

    public sealed class UnityWebRequestAsyncOperation : AsyncOperation
    {
    }

    public class UnityWebRequest : IDisposable
    {
        public const string kHttpVerbPOST = "POST";

        public enum Result
        {
            InProgress,
            Success,
            ConnectionError,
            ProtocolError,
            DataProcessingError,
        }

        /// <summary>Not Unity API: answers each sent request (the test's server); null throws on send.</summary>
        public static Action<UnityWebRequest> StandInServer;

        private readonly Dictionary<string, string> requestHeaders = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        private Dictionary<string, string> responseHeaders;
        private UnityWebRequestAsyncOperation operation;

        public UnityWebRequest(string url, string method)
        {
            this.url = url;
            this.method = method;
        }

        public UploadHandler uploadHandler { get; set; }
        public DownloadHandler downloadHandler { get; set; }
        public int timeout { get; set; }
        public string url { get; set; }
        public string method { get; set; }
        public Result result { get; private set; }
        public string error { get; private set; }
        public long responseCode { get; private set; }
        public bool isDone { get { return operation != null && operation.isDone; } }

        /// <summary>Not Unity API: what SetRequestHeader set, for the test to check.</summary>
        public IReadOnlyDictionary<string, string> StandInRequestHeaders { get { return requestHeaders; } }

        /// <summary>Not Unity API: the test's server answers with an HTTP status, a body and headers.</summary>
        public void StandInAnswer(long code, string body, Dictionary<string, string> headers)
        {
            responseCode = code;
            result = code >= 400 ? Result.ProtocolError : Result.Success;
            error = code >= 400 ? "HTTP/1.1 " + code : null;
            if (downloadHandler != null) downloadHandler.text = body;
            responseHeaders = headers;
            operation.Finish();
        }

        /// <summary>Not Unity API: no HTTP answer, as Unity reports it (e.g. "Request timeout", "Cannot connect
        /// to destination host").</summary>
        public void StandInFail(string unityError)
        {
            result = Result.ConnectionError;
            error = unityError;
            operation.Finish();
        }

        public void SetRequestHeader(string name, string value) { requestHeaders[name] = value; }

        public string GetResponseHeader(string name)
        {
            if (responseHeaders == null) return null;
            foreach (var header in responseHeaders)
                if (string.Equals(header.Key, name, StringComparison.OrdinalIgnoreCase)) return header.Value;
            return null;
        }

        // Unity returns null before any response arrived.
        public Dictionary<string, string> GetResponseHeaders() { return responseHeaders; }

        public UnityWebRequestAsyncOperation SendWebRequest()
        {
            if (StandInServer == null) throw new NotSupportedException("compile-time stand-in");
            operation = new UnityWebRequestAsyncOperation();
            StandInServer(this);
            return operation;
        }

        public void Abort()
        {
            if (operation != null && !operation.isDone) StandInFail("Request aborted");
        }

        public void Dispose() { }
    }
}
