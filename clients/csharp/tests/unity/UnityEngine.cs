// Compile-time stand-ins for the few UnityEngine types the SDK's UnityWebRequestTransport and the README's sample
// MonoBehaviour use, with the signatures of Unity's own API (2021.3 and later). Unity's assemblies cannot be
// obtained from any package registry, so tests/docs/test_csharp_readme.py compiles the SDK (with
// UNITY_2021_1_OR_NEWER defined, as inside Unity) and the sample against these instead. Nothing here runs: every
// member throws, and only what those two files use is declared.
using System;

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
        public event Action<AsyncOperation> completed
        {
            add { throw new NotSupportedException("compile-time stand-in"); }
            remove { throw new NotSupportedException("compile-time stand-in"); }
        }
    }
}

namespace UnityEngine.Networking
{
    public class UploadHandler : IDisposable
    {
        public void Dispose() { throw new NotSupportedException("compile-time stand-in"); }
    }

    public sealed class UploadHandlerRaw : UploadHandler
    {
        public UploadHandlerRaw(byte[] data) { throw new NotSupportedException("compile-time stand-in"); }
    }

    public class DownloadHandler : IDisposable
    {
        public string text { get { throw new NotSupportedException("compile-time stand-in"); } }

        public void Dispose() { throw new NotSupportedException("compile-time stand-in"); }
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

        public UnityWebRequest(string url, string method) { throw new NotSupportedException("compile-time stand-in"); }

        public UploadHandler uploadHandler { get; set; }
        public DownloadHandler downloadHandler { get; set; }
        public int timeout { get; set; }
        public string url { get; set; }
        public Result result { get { throw new NotSupportedException("compile-time stand-in"); } }
        public string error { get { throw new NotSupportedException("compile-time stand-in"); } }
        public long responseCode { get { throw new NotSupportedException("compile-time stand-in"); } }

        public void SetRequestHeader(string name, string value) { throw new NotSupportedException("compile-time stand-in"); }

        public string GetResponseHeader(string name) { throw new NotSupportedException("compile-time stand-in"); }

        public UnityWebRequestAsyncOperation SendWebRequest() { throw new NotSupportedException("compile-time stand-in"); }

        public void Abort() { throw new NotSupportedException("compile-time stand-in"); }

        public void Dispose() { throw new NotSupportedException("compile-time stand-in"); }
    }
}
