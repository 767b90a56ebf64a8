using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Cardrules.Json;

namespace Cardrules.V1
{
    /// <summary>A contract message that converts itself to canonical proto3 JSON.</summary>
    public interface IProtoMessage
    {
        JsonObject ToJson();
    }

    /// <summary>JSON that does not fit the message it is read into (wrong type, unknown field, bad enum name).</summary>
    public sealed class ProtoJsonException : FormatException
    {
        public ProtoJsonException(string message) : base(message) { }
    }

    /// <summary>One RPC: its full name and how to read its request and response from JSON.</summary>
    public sealed class RpcMethod
    {
        public RpcMethod(string service, string name, Func<object, bool, IProtoMessage> readRequest,
            Func<object, bool, IProtoMessage> readResponse)
        {
            Service = service;
            Name = name;
            ReadRequest = readRequest;
            ReadResponse = readResponse;
        }

        public string Service { get; private set; }
        public string Name { get; private set; }

        /// <summary>The HTTP path Envoy's transcoder maps to the RPC (auto_mapping): /package.Service/Method.</summary>
        public string Path { get { return "/" + Service + "/" + Name; } }

        public Func<object, bool, IProtoMessage> ReadRequest { get; private set; }
        public Func<object, bool, IProtoMessage> ReadResponse { get; private set; }

        public static RpcMethod Find(string service, string name)
        {
            foreach (var method in RpcMethods.All)
                if (method.Service == service && method.Name == name) return method;
            return null;
        }
    }

    /// <summary>What the generated service clients call through: CardrulesClient implements it.</summary>
    public interface IRpcInvoker
    {
        System.Threading.Tasks.Task<IProtoMessage> InvokeAsync(RpcMethod method, IProtoMessage request,
            Cardrules.Client.CallOptions options);
    }

    /// <summary>The proto3 JSON rules for scalars, shared by the generated message classes.</summary>
    public static class ProtoJson
    {
        public static string Child(string path, string key) { return path.Length == 0 ? key : path + "." + key; }

        public static JsonObject ReadObject(object json, string path)
        {
            var obj = json as JsonObject;
            if (obj == null) throw new ProtoJsonException(Where(path) + ": expected an object, got " + Describe(json));
            return obj;
        }

        public static void ReadList<T>(object json, string path, List<T> into, Func<object, string, T> read)
        {
            var list = json as List<object>;
            if (list == null) throw new ProtoJsonException(Where(path) + ": expected a list, got " + Describe(json));
            for (var i = 0; i < list.Count; i++)
            {
                var at = path + "[" + i.ToString(CultureInfo.InvariantCulture) + "]";
                if (list[i] == null) throw new ProtoJsonException(at + ": a list element cannot be null");
                into.Add(read(list[i], at));
            }
        }

        public static List<object> WriteList<T>(List<T> list, string name, Func<T, object> write)
        {
            var output = new List<object>();
            if (list == null) return output;
            foreach (var item in list)
            {
                if (item == null) throw new ArgumentException("list " + name + " holds a null element");
                output.Add(write(item));
            }
            return output;
        }

        public static object WriteMessage(IProtoMessage message) { return message.ToJson(); }

        public static object WriteInt32(int value) { return new JsonNumber(value.ToString(CultureInfo.InvariantCulture)); }

        // Canonical proto3 JSON prints int64 as a decimal string (JavaScript numbers lose precision past 2^53).
        public static object WriteInt64(long value) { return value.ToString(CultureInfo.InvariantCulture); }

        // uint64 too, like int64: a decimal string.
        public static object WriteUInt64(ulong value) { return value.ToString(CultureInfo.InvariantCulture); }

        public static object WriteBool(bool value) { return value; }

        public static object WriteString(string value) { return value ?? ""; }

        // Canonical proto3 JSON writes bytes as standard base64 with padding.
        public static object WriteBytes(byte[] value) { return Convert.ToBase64String(value ?? new byte[0]); }

        public static int ReadInt32(object json, string path)
        {
            var value = ReadInteger(json, path);
            if (value < int.MinValue || value > int.MaxValue) throw new ProtoJsonException(Where(path) + ": out of int32 range: " + value);
            return (int)value;
        }

        public static long ReadInt64(object json, string path) { return ReadInteger(json, path); }

        /// <summary>A uint64 as a number or a decimal string, 0 to 2^64 − 1 (a whole exponent form accepted, as for
        /// the signed integers).</summary>
        public static ulong ReadUInt64(object json, string path)
        {
            string text;
            var number = json as JsonNumber;
            if (number != null) text = number.Text;
            else if (json is string) text = (string)json;
            else throw new ProtoJsonException(Where(path) + ": expected an integer, got " + Describe(json));
            ulong whole;
            if (ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out whole)) return whole;
            decimal exact;
            if (decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out exact) &&
                exact == decimal.Truncate(exact) && exact >= 0 && exact <= ulong.MaxValue)
                return (ulong)exact;
            throw new ProtoJsonException(Where(path) + ": not a uint64: " + text);
        }

        public static bool ReadBool(object json, string path)
        {
            if (json is bool) return (bool)json;
            throw new ProtoJsonException(Where(path) + ": expected true or false, got " + Describe(json));
        }

        public static string ReadString(object json, string path)
        {
            var text = json as string;
            if (text == null) throw new ProtoJsonException(Where(path) + ": expected a string, got " + Describe(json));
            return text;
        }

        /// <summary>Base64, standard or URL-safe, padded or not (as proto3 JSON parsers accept); nothing else, not
        /// even the whitespace Convert.FromBase64String would skip.</summary>
        public static byte[] ReadBytes(object json, string path)
        {
            var text = json as string;
            if (text == null) throw new ProtoJsonException(Where(path) + ": expected a base64 string, got " + Describe(json));
            var standard = new StringBuilder(text.Length + 3);
            var data = text.TrimEnd('=');
            if (text.Length - data.Length > 2 || data.Length % 4 == 1)
                throw new ProtoJsonException(Where(path) + ": not base64: " + Describe(json));
            foreach (var c in data)
            {
                if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/') standard.Append(c);
                else if (c == '-') standard.Append('+');
                else if (c == '_') standard.Append('/');
                else throw new ProtoJsonException(Where(path) + ": not base64: " + Describe(json));
            }
            while (standard.Length % 4 != 0) standard.Append('=');
            return Convert.FromBase64String(standard.ToString());
        }

        /// <summary>Integers come as numbers or as decimal strings (Envoy prints int64 as strings); an exponent or
        /// fraction is accepted when the value is whole, as the proto3 JSON parsers do.</summary>
        private static long ReadInteger(object json, string path)
        {
            string text;
            var number = json as JsonNumber;
            if (number != null) text = number.Text;
            else if (json is string) text = (string)json;
            else throw new ProtoJsonException(Where(path) + ": expected an integer, got " + Describe(json));
            long whole;
            if (long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out whole)) return whole;
            decimal exact;
            if (decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out exact) &&
                exact == decimal.Truncate(exact) && exact >= long.MinValue && exact <= long.MaxValue)
                return (long)exact;
            throw new ProtoJsonException(Where(path) + ": not an integer: " + text);
        }

        private static string Where(string path) { return path.Length == 0 ? "(root)" : path; }

        private static string Describe(object json)
        {
            var shown = JsonText.Serialize(json);
            return shown.Length <= 80 ? shown : shown.Substring(0, 79) + "…";
        }
    }
}
