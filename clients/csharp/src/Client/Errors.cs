using System;
using System.Collections.Generic;
using System.Globalization;
using Cardrules.Json;

namespace Cardrules.Client
{
    /// <summary>gRPC status codes; the service's answers keep their gRPC meaning through Envoy's JSON transcoding.</summary>
    public enum StatusCode
    {
        Ok = 0, Cancelled = 1, Unknown = 2, InvalidArgument = 3, DeadlineExceeded = 4, NotFound = 5, AlreadyExists = 6,
        PermissionDenied = 7, ResourceExhausted = 8, FailedPrecondition = 9, Aborted = 10, OutOfRange = 11,
        Unimplemented = 12, Internal = 13, Unavailable = 14, DataLoss = 15, Unauthenticated = 16,
    }

    /// <summary>One <c>google.rpc.BadRequest.FieldViolation</c>: which request field is wrong, and why.</summary>
    public sealed class FieldViolation
    {
        public FieldViolation(string field, string description, string reason)
        {
            Field = field;
            Description = description;
            Reason = reason;
        }

        /// <summary>Proto field path in snake_case, e.g. <c>hands[0].cards[1]</c>.</summary>
        public string Field { get; private set; }
        public string Description { get; private set; }
        /// <summary>A stable machine-readable reason, e.g. <c>DUPLICATE_CARD</c> (empty if the server gave none).</summary>
        public string Reason { get; private set; }

        public override string ToString() { return Field + ": " + Description; }
    }

    /// <summary>One <c>google.rpc.ErrorInfo</c>: why a call failed, in a form a program can branch on. The service
    /// sends one with every INVALID_ARGUMENT: the first violation's reason, domain <c>cardrules.v1</c> and the field
    /// in <c>Metadata["field"]</c>.</summary>
    public sealed class ErrorInfo
    {
        public ErrorInfo(string reason, string domain, IDictionary<string, string> metadata)
        {
            Reason = reason ?? "";
            Domain = domain ?? "";
            Metadata = new Dictionary<string, string>(metadata ?? new Dictionary<string, string>());
        }

        /// <summary>UPPER_SNAKE_CASE, e.g. <c>DUPLICATE_CARD</c>.</summary>
        public string Reason { get; private set; }

        /// <summary>Who defines the reason, e.g. <c>cardrules.v1</c>.</summary>
        public string Domain { get; private set; }

        public IReadOnlyDictionary<string, string> Metadata { get; private set; }

        public override string ToString() { return Domain + "/" + Reason; }
    }

    /// <summary>A call that ended with a gRPC status other than OK.</summary>
    public class RulesException : Exception
    {
        private static readonly IReadOnlyDictionary<string, string> NoHeaders = TransportResponse.NoHeaders;

        public RulesException(StatusCode code, string message, Exception inner = null)
            : this(code, message, null, inner)
        {
        }

        public RulesException(StatusCode code, string message, IList<FieldViolation> fieldViolations, Exception inner = null)
            : this(code, message, fieldViolations, null, null, inner)
        {
        }

        public RulesException(StatusCode code, string message, IList<FieldViolation> fieldViolations, ErrorInfo errorInfo,
            IReadOnlyDictionary<string, string> responseHeaders, Exception inner = null)
            : base(StatusCodes.Name(code) + ": " + message, inner)
        {
            Code = code;
            StatusMessage = message;
            FieldViolations = new List<FieldViolation>(fieldViolations ?? new FieldViolation[0]).AsReadOnly();
            ErrorInfo = errorInfo;
            ResponseHeaders = responseHeaders ?? NoHeaders;
        }

        /// <summary>The status details' google.rpc.ErrorInfo, or null when the answer carried none (e.g. an error
        /// from the proxy rather than the service).</summary>
        public ErrorInfo ErrorInfo { get; private set; }

        /// <summary>The HTTP response headers of the failed attempt (names lower-case; gRPC trailers such as
        /// <c>grpc-status</c> arrive among them over HTTP/JSON), e.g. <c>retry-after</c> or
        /// <c>www-authenticate</c>; empty when no answer arrived.</summary>
        public IReadOnlyDictionary<string, string> ResponseHeaders { get; private set; }

        public StatusCode Code { get; private set; }

        /// <summary>The server's message alone, without the code prefix of <see cref="Exception.Message"/>.</summary>
        public string StatusMessage { get; private set; }

        /// <summary>The code's canonical name, e.g. <c>INVALID_ARGUMENT</c>.</summary>
        public string CodeName { get { return StatusCodes.Name(Code); } }

        /// <summary>The google.rpc.BadRequest field violations of the status details (in practice only
        /// INVALID_ARGUMENT carries them; see <see cref="InvalidArgumentException"/>).</summary>
        public IReadOnlyList<FieldViolation> FieldViolations { get; private set; }
    }

    /// <summary>INVALID_ARGUMENT: the request breaks the contract (malformed card, duplicate card, bad house rule).
    /// Not retried: the same request always gets the same answer.</summary>
    public sealed class InvalidArgumentException : RulesException
    {
        public InvalidArgumentException(string message, IList<FieldViolation> fieldViolations)
            : this(message, fieldViolations, null, null)
        {
        }

        public InvalidArgumentException(string message, IList<FieldViolation> fieldViolations, ErrorInfo errorInfo,
            IReadOnlyDictionary<string, string> responseHeaders)
            : base(StatusCode.InvalidArgument, message, fieldViolations, errorInfo, responseHeaders)
        {
        }
    }

    /// <summary>UNAUTHENTICATED: no token, or one the front proxy (or server) refused: expired, garbage, signed by a
    /// key it does not trust. Never retried: get a fresh token (<see cref="CardrulesClientOptions.Token"/>) first.</summary>
    public sealed class UnauthenticatedException : RulesException
    {
        public UnauthenticatedException(string message)
            : this(message, null, null)
        {
        }

        public UnauthenticatedException(string message, ErrorInfo errorInfo, IReadOnlyDictionary<string, string> responseHeaders)
            : base(StatusCode.Unauthenticated, message, null, errorInfo, responseHeaders)
        {
        }
    }

    public static class StatusCodes
    {
        private static readonly string[] Names =
        {
            "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
            "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
            "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
        };

        public static string Name(StatusCode code)
        {
            var number = (int)code;
            return number >= 0 && number < Names.Length ? Names[number] : number.ToString(CultureInfo.InvariantCulture);
        }

        /// <summary>gRPC's mapping for an HTTP answer that carries no gRPC status (e.g. Envoy's own 503), except
        /// that 429 (Envoy's per-client rate limit) and 413 (its body-size limit) are RESOURCE_EXHAUSTED: retrying
        /// them at once, as UNAVAILABLE would be, only spends the caller's budget faster.</summary>
        public static StatusCode FromHttp(int httpStatus)
        {
            switch (httpStatus)
            {
                case 400: return StatusCode.Internal;
                case 401: return StatusCode.Unauthenticated;
                case 403: return StatusCode.PermissionDenied;
                case 404: return StatusCode.Unimplemented;
                case 413: case 429: return StatusCode.ResourceExhausted;
                case 502: case 503: case 504: return StatusCode.Unavailable;
                default: return StatusCode.Unknown;
            }
        }
    }

    /// <summary>Turns a failed HTTP/JSON answer into a RulesException.</summary>
    public static class ErrorDecoder
    {
        private const string BadRequestType = "type.googleapis.com/google.rpc.BadRequest";
        private const string ErrorInfoType = "type.googleapis.com/google.rpc.ErrorInfo";

        /// <summary>
        /// Envoy's transcoder (convert_grpc_status) answers a gRPC error with the google.rpc.Status as JSON:
        /// <c>{"code":3,"message":"…","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest",
        /// "fieldViolations":[{"field":"hands[0].cards[0]",…,"reason":"MALFORMED_CARD"}]},
        /// {"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"MALFORMED_CARD","domain":"cardrules.v1",
        /// "metadata":{"field":"hands[0].cards[0]"}}]}</c>. Without such a body the <c>grpc-status</c> header is
        /// used, and failing that the HTTP status.
        /// </summary>
        public static RulesException Decode(TransportResponse response)
        {
            var status = TryParseStatus(response);
            if (status != null) return status;
            if (response.GrpcStatus.HasValue)
                return Create((StatusCode)response.GrpcStatus.Value, Unescape(response.GrpcMessage ?? ""), null, null, response.Headers);
            var body = response.Body ?? "";
            var text = body.Length <= 200 ? body : body.Substring(0, 200);
            return Create(StatusCodes.FromHttp(response.HttpStatus), "HTTP " + response.HttpStatus + " " + text.Trim(),
                null, null, response.Headers);
        }

        public static RulesException Create(StatusCode code, string message, IList<FieldViolation> violations)
        {
            return Create(code, message, violations, null, null);
        }

        public static RulesException Create(StatusCode code, string message, IList<FieldViolation> violations,
            ErrorInfo errorInfo, IReadOnlyDictionary<string, string> responseHeaders)
        {
            if (code == StatusCode.InvalidArgument)
                return new InvalidArgumentException(message, violations ?? new List<FieldViolation>(), errorInfo, responseHeaders);
            if (code == StatusCode.Unauthenticated) return new UnauthenticatedException(message, errorInfo, responseHeaders);
            return new RulesException(code, message, violations, errorInfo, responseHeaders);
        }

        private static RulesException TryParseStatus(TransportResponse response)
        {
            var body = response.Body;
            if (string.IsNullOrEmpty(body)) return null;
            JsonObject status;
            try
            {
                status = JsonText.Parse(body) as JsonObject;
            }
            catch (JsonException)
            {
                return null; // not JSON (e.g. Envoy's plain-text "no healthy upstream")
            }
            object code;
            if (status == null || !status.TryGetValue("code", out code) || !(code is JsonNumber)) return null;
            int number;
            if (!int.TryParse(((JsonNumber)code).Text, NumberStyles.Integer, CultureInfo.InvariantCulture, out number)) return null;
            object message;
            status.TryGetValue("message", out message);
            var violations = new List<FieldViolation>();
            ErrorInfo info = null;
            foreach (var detail in Details(status))
            {
                var type = Text(detail, "@type");
                if (type == BadRequestType) violations.AddRange(Violations(detail));
                else if (type == ErrorInfoType && info == null) info = Info(detail);
            }
            return Create((StatusCode)number, message as string ?? "", violations, info, response.Headers);
        }

        private static IEnumerable<JsonObject> Details(JsonObject status)
        {
            object details;
            if (!status.TryGetValue("details", out details) || !(details is List<object>)) yield break;
            foreach (var item in (List<object>)details)
                if (item is JsonObject) yield return (JsonObject)item;
        }

        private static IEnumerable<FieldViolation> Violations(JsonObject badRequest)
        {
            object violations;
            if (!badRequest.TryGetValue("fieldViolations", out violations) || !(violations is List<object>)) yield break;
            foreach (var entry in (List<object>)violations)
            {
                var violation = entry as JsonObject;
                if (violation != null)
                    yield return new FieldViolation(Text(violation, "field"), Text(violation, "description"), Text(violation, "reason"));
            }
        }

        private static ErrorInfo Info(JsonObject detail)
        {
            var metadata = new Dictionary<string, string>();
            object entries;
            if (detail.TryGetValue("metadata", out entries) && entries is JsonObject)
                foreach (var entry in (JsonObject)entries)
                    if (entry.Value is string) metadata[entry.Key] = (string)entry.Value;
            return new ErrorInfo(Text(detail, "reason"), Text(detail, "domain"), metadata);
        }

        private static string Text(JsonObject obj, string key)
        {
            object value;
            return obj.TryGetValue(key, out value) ? value as string ?? "" : "";
        }

        // grpc-message is percent-encoded on the wire (gRPC over HTTP/2 spec).
        private static string Unescape(string message)
        {
            try
            {
                return Uri.UnescapeDataString(message);
            }
            catch (UriFormatException)
            {
                return message;
            }
        }
    }
}
