using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Cardrules.Json
{
    /// <summary>A JSON object that keeps its keys in insertion order (so output reads like the contract).</summary>
    public sealed class JsonObject : IEnumerable<KeyValuePair<string, object>>
    {
        private readonly List<KeyValuePair<string, object>> entries = new List<KeyValuePair<string, object>>();
        private readonly Dictionary<string, int> index = new Dictionary<string, int>(StringComparer.Ordinal);

        public int Count { get { return entries.Count; } }

        /// <summary>Adds a member; a repeated key replaces the earlier value (the last one wins, as in most parsers).</summary>
        public void Add(string key, object value)
        {
            int at;
            if (index.TryGetValue(key, out at))
            {
                entries[at] = new KeyValuePair<string, object>(key, value);
                return;
            }
            index[key] = entries.Count;
            entries.Add(new KeyValuePair<string, object>(key, value));
        }

        public bool ContainsKey(string key) { return index.ContainsKey(key); }

        public bool TryGetValue(string key, out object value)
        {
            int at;
            if (index.TryGetValue(key, out at))
            {
                value = entries[at].Value;
                return true;
            }
            value = null;
            return false;
        }

        public object this[string key]
        {
            get
            {
                object value;
                if (!TryGetValue(key, out value)) throw new KeyNotFoundException(key);
                return value;
            }
        }

        public IEnumerable<string> Keys
        {
            get { foreach (var entry in entries) yield return entry.Key; }
        }

        public IEnumerator<KeyValuePair<string, object>> GetEnumerator() { return entries.GetEnumerator(); }

        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    /// <summary>A JSON number kept as its literal text: int64 values beyond 2^53 must not pass through a double.</summary>
    public sealed class JsonNumber
    {
        public JsonNumber(string text) { Text = text; }

        public string Text { get; private set; }

        public override string ToString() { return Text; }

        public override bool Equals(object other)
        {
            var number = other as JsonNumber;
            return number != null && number.Text == Text;
        }

        public override int GetHashCode() { return Text.GetHashCode(); }
    }

    public sealed class JsonException : FormatException
    {
        public JsonException(string message) : base(message) { }
    }

    /// <summary>
    /// A small JSON reader and writer. Values are JsonObject, List&lt;object&gt;, string, JsonNumber, bool or null.
    /// Written here rather than taken from a library so the SDK has no dependency a Unity project could lack.
    /// </summary>
    public static class JsonText
    {
        public static object Parse(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            var reader = new Reader(text);
            reader.SkipSpace();
            var value = reader.ReadValue(0);
            reader.SkipSpace();
            if (!reader.AtEnd) throw reader.Error("unexpected text after the JSON value");
            return value;
        }

        public static string Serialize(object value)
        {
            var output = new StringBuilder();
            Write(output, value);
            return output.ToString();
        }

        private static void Write(StringBuilder output, object value)
        {
            if (value == null) { output.Append("null"); return; }
            var text = value as string;
            if (text != null) { WriteString(output, text); return; }
            if (value is bool) { output.Append((bool)value ? "true" : "false"); return; }
            var number = value as JsonNumber;
            if (number != null) { output.Append(number.Text); return; }
            var obj = value as JsonObject;
            if (obj != null)
            {
                output.Append('{');
                var first = true;
                foreach (var entry in obj)
                {
                    if (!first) output.Append(',');
                    first = false;
                    WriteString(output, entry.Key);
                    output.Append(':');
                    Write(output, entry.Value);
                }
                output.Append('}');
                return;
            }
            var list = value as IList;
            if (list != null)
            {
                output.Append('[');
                for (var i = 0; i < list.Count; i++)
                {
                    if (i > 0) output.Append(',');
                    Write(output, list[i]);
                }
                output.Append(']');
                return;
            }
            if (value is int || value is long) { output.Append(Convert.ToString(value, CultureInfo.InvariantCulture)); return; }
            throw new ArgumentException("not a JSON value: " + value.GetType().Name);
        }

        private static void WriteString(StringBuilder output, string text)
        {
            output.Append('"');
            foreach (var c in text)
            {
                switch (c)
                {
                    case '"': output.Append("\\\""); break;
                    case '\\': output.Append("\\\\"); break;
                    case '\n': output.Append("\\n"); break;
                    case '\r': output.Append("\\r"); break;
                    case '\t': output.Append("\\t"); break;
                    default:
                        if (c < 0x20) output.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        else output.Append(c);
                        break;
                }
            }
            output.Append('"');
        }

        private sealed class Reader
        {
            // Deep enough for any cardrules message; a bound keeps hostile input from overflowing the stack.
            private const int MaxDepth = 128;
            private readonly string text;
            private int position;

            public Reader(string text) { this.text = text; }

            public bool AtEnd { get { return position >= text.Length; } }

            public JsonException Error(string problem)
            {
                return new JsonException("invalid JSON at offset " + position + ": " + problem);
            }

            public void SkipSpace()
            {
                while (!AtEnd && (text[position] == ' ' || text[position] == '\t' || text[position] == '\n' || text[position] == '\r'))
                    position++;
            }

            public object ReadValue(int depth)
            {
                if (depth > MaxDepth) throw Error("nested too deeply");
                if (AtEnd) throw Error("unexpected end");
                var c = text[position];
                switch (c)
                {
                    case '{': return ReadObject(depth);
                    case '[': return ReadArray(depth);
                    case '"': return ReadString();
                    case 't': Expect("true"); return true;
                    case 'f': Expect("false"); return false;
                    case 'n': Expect("null"); return null;
                    default:
                        if (c == '-' || (c >= '0' && c <= '9')) return ReadNumber();
                        throw Error("unexpected character '" + c + "'");
                }
            }

            private void Expect(string word)
            {
                if (string.CompareOrdinal(text, position, word, 0, word.Length) != 0) throw Error("expected " + word);
                position += word.Length;
            }

            private JsonObject ReadObject(int depth)
            {
                var obj = new JsonObject();
                position++;
                SkipSpace();
                if (!AtEnd && text[position] == '}') { position++; return obj; }
                while (true)
                {
                    SkipSpace();
                    if (AtEnd || text[position] != '"') throw Error("expected a member name");
                    var key = ReadString();
                    SkipSpace();
                    if (AtEnd || text[position] != ':') throw Error("expected ':'");
                    position++;
                    SkipSpace();
                    obj.Add(key, ReadValue(depth + 1));
                    SkipSpace();
                    if (AtEnd) throw Error("unterminated object");
                    if (text[position] == ',') { position++; continue; }
                    if (text[position] == '}') { position++; return obj; }
                    throw Error("expected ',' or '}'");
                }
            }

            private List<object> ReadArray(int depth)
            {
                var list = new List<object>();
                position++;
                SkipSpace();
                if (!AtEnd && text[position] == ']') { position++; return list; }
                while (true)
                {
                    SkipSpace();
                    list.Add(ReadValue(depth + 1));
                    SkipSpace();
                    if (AtEnd) throw Error("unterminated array");
                    if (text[position] == ',') { position++; continue; }
                    if (text[position] == ']') { position++; return list; }
                    throw Error("expected ',' or ']'");
                }
            }

            private string ReadString()
            {
                position++; // opening quote
                var output = new StringBuilder();
                while (true)
                {
                    if (AtEnd) throw Error("unterminated string");
                    var c = text[position++];
                    if (c == '"') return output.ToString();
                    if (c < 0x20) throw Error("control character in a string");
                    if (c != '\\') { output.Append(c); continue; }
                    if (AtEnd) throw Error("unterminated escape");
                    var e = text[position++];
                    switch (e)
                    {
                        case '"': output.Append('"'); break;
                        case '\\': output.Append('\\'); break;
                        case '/': output.Append('/'); break;
                        case 'b': output.Append('\b'); break;
                        case 'f': output.Append('\f'); break;
                        case 'n': output.Append('\n'); break;
                        case 'r': output.Append('\r'); break;
                        case 't': output.Append('\t'); break;
                        case 'u':
                            int code;
                            if (position + 4 > text.Length ||
                                !int.TryParse(text.Substring(position, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out code))
                                throw Error("bad \\u escape");
                            position += 4;
                            output.Append((char)code); // surrogate pairs arrive as two escapes and stay paired
                            break;
                        default: throw Error("bad escape \\" + e);
                    }
                }
            }

            private JsonNumber ReadNumber()
            {
                var start = position;
                if (text[position] == '-') position++;
                if (AtEnd || !IsDigit(text[position])) throw Error("bad number");
                if (text[position] == '0') position++;
                else while (!AtEnd && IsDigit(text[position])) position++;
                if (!AtEnd && text[position] == '.')
                {
                    position++;
                    if (AtEnd || !IsDigit(text[position])) throw Error("bad fraction");
                    while (!AtEnd && IsDigit(text[position])) position++;
                }
                if (!AtEnd && (text[position] == 'e' || text[position] == 'E'))
                {
                    position++;
                    if (!AtEnd && (text[position] == '+' || text[position] == '-')) position++;
                    if (AtEnd || !IsDigit(text[position])) throw Error("bad exponent");
                    while (!AtEnd && IsDigit(text[position])) position++;
                }
                return new JsonNumber(text.Substring(start, position - start));
            }

            private static bool IsDigit(char c) { return c >= '0' && c <= '9'; }
        }
    }
}
