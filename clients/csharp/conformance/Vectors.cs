using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Cardrules.Json;

namespace Cardrules.Conformance
{
    /// <summary>One vector case (format: tests/vectors/README.md).</summary>
    public sealed class Case
    {
        public string File;
        public string Name;
        public string Service;
        public string Method;
        public JsonObject Request;
        public JsonObject Expect;
    }

    /// <summary>A malformed file (Name null) or case: reported as a failure, so it cannot hide the other results.</summary>
    public sealed class Broken
    {
        public string File;
        public string Name;
        public string Problem;
    }

    public sealed class VectorsUnreadable : Exception
    {
        public VectorsUnreadable(string message) : base(message) { }
    }

    /// <summary>Loads and checks vector files exactly as the Python SDK's vectors.py does.</summary>
    public static class Vectors
    {
        public static readonly HashSet<string> StatusCodes = new HashSet<string>
        {
            "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
            "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
            "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
        };

        // Unknown keys inside `expect` are rejected: a misspelt "fieldViolations" would silently weaken a case.
        private static readonly HashSet<string> ExpectKeys = new HashSet<string> { "response", "error", "unordered" };
        private static readonly HashSet<string> ErrorKeys = new HashSet<string> { "code", "fieldViolations" };

        /// <summary>Every case of every *.json under the directory (any depth), files in sorted path order.</summary>
        public static void Load(string directory, List<Case> cases, List<Broken> broken)
        {
            if (!Directory.Exists(directory)) throw new VectorsUnreadable("not a directory: " + directory);
            var files = Directory.GetFiles(directory, "*.json", SearchOption.AllDirectories)
                .OrderBy(path => path.Replace(Path.DirectorySeparatorChar, '/'), StringComparer.Ordinal);
            foreach (var path in files)
            {
                string text;
                try
                {
                    text = System.IO.File.ReadAllText(path, new System.Text.UTF8Encoding(false, true));
                }
                catch (Exception error)
                {
                    throw new VectorsUnreadable("cannot read " + path + ": " + error.Message);
                }
                JsonObject document;
                try
                {
                    document = JsonText.Parse(text) as JsonObject;
                }
                catch (JsonException error)
                {
                    broken.Add(new Broken { File = path, Problem = "not valid JSON: " + error.Message });
                    continue;
                }
                object entries = null;
                if (document == null || !document.TryGetValue("cases", out entries) || !(entries is List<object>))
                {
                    broken.Add(new Broken { File = path, Problem = "expected an object with a \"cases\" list" });
                    continue;
                }
                var list = (List<object>)entries;
                for (var index = 0; index < list.Count; index++)
                {
                    var entry = list[index] as JsonObject;
                    if (entry == null)
                    {
                        broken.Add(new Broken { File = path, Name = "cases[" + index + "]", Problem = "a case must be an object" });
                        continue;
                    }
                    var name = Get(entry, "name") as string;
                    var label = string.IsNullOrEmpty(name) ? "cases[" + index + "]" : name;
                    var problem = Problem(entry);
                    if (problem != null)
                    {
                        broken.Add(new Broken { File = path, Name = label, Problem = problem });
                        continue;
                    }
                    cases.Add(new Case
                    {
                        File = path, Name = label, Service = (string)entry["service"], Method = (string)entry["method"],
                        Request = (JsonObject)entry["request"], Expect = (JsonObject)entry["expect"],
                    });
                }
            }
        }

        private static object Get(JsonObject obj, string key)
        {
            object value;
            return obj.TryGetValue(key, out value) ? value : null;
        }

        private static string Problem(JsonObject entry)
        {
            foreach (var key in new[] { "name", "service", "method" })
                if (string.IsNullOrEmpty(Get(entry, key) as string)) return "\"" + key + "\" must be a non-empty string";
            if (!(Get(entry, "request") is JsonObject)) return "\"request\" must be an object";
            var expect = Get(entry, "expect") as JsonObject;
            if (expect == null) return "\"expect\" must be an object";
            var unknown = expect.Keys.Where(k => !ExpectKeys.Contains(k)).OrderBy(k => k, StringComparer.Ordinal).ToList();
            if (unknown.Count > 0) return "\"expect\" has unknown keys [" + string.Join(", ", unknown) + "]";
            if (expect.ContainsKey("response") == expect.ContainsKey("error"))
                return "\"expect\" needs exactly one of \"response\" and \"error\"";
            if (expect.ContainsKey("response"))
            {
                if (!(expect["response"] is JsonObject)) return "\"expect.response\" must be an object";
                var unordered = Get(expect, "unordered");
                if (expect.ContainsKey("unordered") && !(unordered is List<object> && ((List<object>)unordered).All(p => p is string)))
                    return "\"expect.unordered\" must be a list of dotted paths";
                return null;
            }
            if (expect.ContainsKey("unordered")) return "\"expect.unordered\" only applies to \"response\"";
            var error = expect["error"] as JsonObject;
            if (error == null) return "\"expect.error\" must be an object";
            var unknownError = error.Keys.Where(k => !ErrorKeys.Contains(k)).OrderBy(k => k, StringComparer.Ordinal).ToList();
            if (unknownError.Count > 0) return "\"expect.error\" has unknown keys [" + string.Join(", ", unknownError) + "]";
            var code = Get(error, "code") as string;
            if (code == null || !StatusCodes.Contains(code) || code == "OK")
                return "\"expect.error.code\" must be a gRPC status code name other than OK, not " + JsonText.Serialize(Get(error, "code"));
            var violations = Get(error, "fieldViolations");
            if (error.ContainsKey("fieldViolations") && !(violations is List<object> && ((List<object>)violations).All(IsViolation)))
                return "\"expect.error.fieldViolations\" must be a list of {\"field\": path, \"reason\": REASON} objects";
            return null;
        }

        /// <summary>{"field": "hands[1]", "reason": "WRONG_CARD_COUNT"}: exactly these two keys, non-empty strings.</summary>
        private static bool IsViolation(object entry)
        {
            var violation = entry as JsonObject;
            return violation != null && violation.Count == 2
                && !string.IsNullOrEmpty(Get(violation, "field") as string)
                && !string.IsNullOrEmpty(Get(violation, "reason") as string);
        }
    }
}
