using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text.RegularExpressions;
using Cardrules.Json;

namespace Cardrules.Conformance
{
    /// <summary>What a call gave: a response (proto3 JSON, defaults emitted) or a status.</summary>
    public sealed class Outcome
    {
        public JsonObject Response;
        public string Code;
        /// <summary>Each BadRequest field violation written "field REASON" (<see cref="Violation"/>).</summary>
        public List<string> FieldViolations = new List<string>();
        public string Message = "";

        public static Outcome Success(JsonObject response) { return new Outcome { Response = response }; }

        public static Outcome Failure(string code, IEnumerable<string> violations, string message)
        {
            return new Outcome { Code = code, FieldViolations = violations.ToList(), Message = message ?? "" };
        }

        /// <summary>How a field violation is written here and in differences: its field, a space, its reason.</summary>
        public static string Violation(string field, string reason) { return field + " " + reason; }
    }

    /// <summary>
    /// The matching rules of tests/vectors/README.md, ported from the Python SDK's matching.py: each function
    /// returns the first difference as text starting with its JSON path, or null when the actual value matches.
    /// </summary>
    public static class Matching
    {
        private static readonly Regex Decimal = new Regex("^-?[0-9]+$");

        public static string MatchExpect(JsonObject expect, Outcome outcome)
        {
            object expected;
            if (expect.TryGetValue("error", out expected))
            {
                var error = (JsonObject)expected;
                if (outcome.Response != null) return "error: expected " + Code(error) + ", but the call succeeded";
                return MatchError(error, outcome);
            }
            if (outcome.Response == null) return "response: the call failed with " + outcome.Code + ": " + outcome.Message;
            object unordered;
            var paths = expect.TryGetValue("unordered", out unordered) && unordered is List<object>
                ? ((List<object>)unordered).Cast<string>()
                : Enumerable.Empty<string>();
            return MatchSubset(expect["response"], outcome.Response, paths);
        }

        public static string MatchError(JsonObject expected, Outcome actual)
        {
            if (Code(expected) != actual.Code)
            {
                var detail = actual.Message.Length > 0 ? " (" + actual.Message + ")" : "";
                return "error.code: expected " + Code(expected) + ", got " + actual.Code + detail;
            }
            object listed;
            if (!expected.TryGetValue("fieldViolations", out listed)) return null;
            // Each entry is a {"field", "reason"} object (the loader checked): compared as (field, reason) pairs.
            var pairs = ((List<object>)listed).Cast<JsonObject>().Select(v => Outcome.Violation((string)v["field"], (string)v["reason"]));
            var want = new SortedSet<string>(pairs, StringComparer.Ordinal);
            var got = new SortedSet<string>(actual.FieldViolations, StringComparer.Ordinal);
            if (want.SetEquals(got)) return null;
            var parts = new List<string>();
            var missing = want.Except(got).ToList();
            var unexpected = got.Except(want).ToList();
            if (missing.Count > 0) parts.Add("missing " + Names(missing));
            if (unexpected.Count > 0) parts.Add("unexpected " + Names(unexpected));
            return "error.fieldViolations: " + string.Join(", ", parts) + " (got " + Names(got) + ")";
        }

        /// <summary>expected is a subset of actual; lists at the dotted paths in unordered may match in any order.</summary>
        public static string MatchSubset(object expected, object actual, IEnumerable<string> unordered)
        {
            return Match(expected, actual, "response", "", new HashSet<string>(unordered));
        }

        private static string Match(object expected, object actual, string where, string schema, HashSet<string> unordered)
        {
            var wantObject = expected as JsonObject;
            if (wantObject != null)
            {
                var gotObject = actual as JsonObject;
                if (gotObject == null) return where + ": expected an object, got " + Show(actual);
                foreach (var entry in wantObject)
                {
                    object value;
                    if (!gotObject.TryGetValue(entry.Key, out value))
                        return where + "." + entry.Key + ": missing (expected " + Show(entry.Value) + ")";
                    var difference = Match(entry.Value, value, where + "." + entry.Key,
                        schema.Length > 0 ? schema + "." + entry.Key : entry.Key, unordered);
                    if (difference != null) return difference;
                }
                return null;
            }
            var wantList = expected as List<object>;
            if (wantList != null)
            {
                var gotList = actual as List<object>;
                if (gotList == null) return where + ": expected a list, got " + Show(actual);
                if (wantList.Count != gotList.Count)
                    return where + ": expected " + wantList.Count + " elements, got " + gotList.Count + ": " + Show(actual);
                if (unordered.Contains(schema)) return MatchUnordered(wantList, gotList, where, schema, unordered);
                for (var i = 0; i < wantList.Count; i++)
                {
                    var difference = Match(wantList[i], gotList[i], where + "[" + i + "]", schema, unordered);
                    if (difference != null) return difference;
                }
                return null;
            }
            return ScalarEqual(expected, actual) ? null : where + ": expected " + Show(expected) + ", got " + Show(actual);
        }

        private static string MatchUnordered(List<object> expected, List<object> actual, string where, string schema,
            HashSet<string> unordered)
        {
            // Subset matching lets one actual element fit several expected ones, so a greedy pass could fail where
            // a pairing exists: a maximum bipartite matching (augmenting paths; the lists are small).
            var fits = expected.Select(want => Enumerable.Range(0, actual.Count)
                .Where(j => Match(want, actual[j], where, schema, unordered) == null).ToList()).ToList();
            var owner = new Dictionary<int, int>(); // actual index -> expected index
            for (var i = 0; i < expected.Count; i++)
            {
                if (Assign(i, fits, owner, new HashSet<int>())) continue;
                if (fits[i].Count > 0)
                    return where + ": expected element " + Show(expected[i]) + " has no distinct element left to match";
                // Name the difference against the element at the same index: usually the one the author meant.
                var closest = Match(expected[i], actual[i], where + "[" + i + "]", schema, unordered);
                return where + ": expected element " + Show(expected[i]) + " matches no element (same index: " + closest + ")";
            }
            return null;
        }

        private static bool Assign(int i, List<List<int>> fits, Dictionary<int, int> owner, HashSet<int> seen)
        {
            foreach (var j in fits[i])
            {
                if (!seen.Add(j)) continue;
                int previous;
                if (!owner.TryGetValue(j, out previous) || Assign(previous, fits, owner, seen))
                {
                    owner[j] = i;
                    return true;
                }
            }
            return false;
        }

        private static bool ScalarEqual(object expected, object actual)
        {
            // JSON true is not the number 1; a bool matches only a bool.
            if (expected is bool || actual is bool) return expected is bool && actual is bool && (bool)expected == (bool)actual;
            var wantNumber = expected as JsonNumber;
            var gotNumber = actual as JsonNumber;
            // int64 may be written as a number or as a decimal string: 20000 matches "20000".
            if (wantNumber != null && actual is string) return DecimalEqual((string)actual, wantNumber);
            if (expected is string && gotNumber != null) return DecimalEqual((string)expected, gotNumber);
            if (wantNumber != null && gotNumber != null) return NumbersEqual(wantNumber.Text, gotNumber.Text);
            if (expected == null || actual == null) return expected == null && actual == null;
            return expected is string && actual is string && (string)expected == (string)actual;
        }

        private static bool DecimalEqual(string text, JsonNumber number)
        {
            if (!Decimal.IsMatch(text)) return false;
            decimal whole;
            if (!TryNumber(number.Text, out whole) || whole != decimal.Truncate(whole)) return false;
            decimal parsed;
            return decimal.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out parsed) && parsed == whole;
        }

        private static bool NumbersEqual(string left, string right)
        {
            decimal a, b;
            if (TryNumber(left, out a) && TryNumber(right, out b)) return a == b;
            return double.Parse(left, CultureInfo.InvariantCulture) == double.Parse(right, CultureInfo.InvariantCulture);
        }

        private static bool TryNumber(string text, out decimal value)
        {
            return decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out value);
        }

        private static string Code(JsonObject error)
        {
            object code;
            return error.TryGetValue("code", out code) ? code as string : null;
        }

        private static string Names(IEnumerable<string> names)
        {
            return "[" + string.Join(", ", names.Select(n => "'" + n + "'")) + "]";
        }

        public static string Show(object value, int limit = 200)
        {
            var text = JsonText.Serialize(value);
            return text.Length <= limit ? text : text.Substring(0, limit - 1) + "…";
        }
    }
}
