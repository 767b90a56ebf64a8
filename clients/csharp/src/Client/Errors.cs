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

    /// <summary>A call that ended with a gRPC status other than OK.</summary>
    public class RulesException : Exception
    {
        public RulesException(StatusCode code, string message, Exception inner = null)
            : this(code, message, null, inner)
        {
        }

        public RulesException(StatusCode code, string message, IList<FieldViolation> fieldViolations, Exception inner = null)
            : base(StatusCodes.Name(code) + ": " + message, inner)
        {
            Code = code;
            StatusMessage = message;
            FieldViolations = new List<FieldViolation>(fieldViolations ?? new FieldViolation[0]).AsReadOnly();
        }

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
            : base(StatusCode.InvalidArgument, message, fieldViolations)
        {
        }
    }

    /// <summary>UNAUTHENTICATED: no token, or one the front proxy (or server) refused: expired, garbage, signed by a
    /// key it does not trust. Never retried: get a fresh token (<see cref="CardrulesClientOptions.Token"/>) first.</summary>
    public sealed class UnauthenticatedException : RulesException
    {
        public UnauthenticatedException(string message)
            : base(StatusCode.Unauthenticated, message)
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

        /// <summary>
        /// Envoy's transcoder (convert_grpc_status) answers a gRPC error with the google.rpc.Status as JSON:
        /// <c>{"code":3,"message":"…","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest",
        /// "fieldViolations":[{"field":"hands[0].cards[0]",…}]}]}</c>. Without such a body the <c>grpc-status</c>
        /// header is used, and failing that the HTTP status.
        /// </summary>
        public static RulesException Decode(TransportResponse response)
        {
            var status = TryParseStatus(response.Body);
            if (status != null) return status;
            if (response.GrpcStatus.HasValue)
                return Create((StatusCode)response.GrpcStatus.Value, Unescape(response.GrpcMessage ?? ""), new List<FieldViolation>());
            var body = response.Body ?? "";
            var text = body.Length <= 200 ? body : body.Substring(0, 200);
            return Create(StatusCodes.FromHttp(response.HttpStatus), "HTTP " + response.HttpStatus + " " + text.Trim(), new List<FieldViolation>());
        }

        public static RulesException Create(StatusCode code, string message, IList<FieldViolation> violations)
        {
            if (code == StatusCode.InvalidArgument) return new InvalidArgumentException(message, violations);
            if (code == StatusCode.Unauthenticated) return new UnauthenticatedException(message);
            return new RulesException(code, message, violations);
        }

        private static RulesException TryParseStatus(string body)
        {
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
            return Create((StatusCode)number, message as string ?? "", Violations(status));
        }

        private static List<FieldViolation> Violations(JsonObject status)
        {
            var found = new List<FieldViolation>();
            object details;
            if (!status.TryGetValue("details", out details) || !(details is List<object>)) return found;
            foreach (var item in (List<object>)details)
            {
                var detail = item as JsonObject;
                object type, violations;
                if (detail == null || !detail.TryGetValue("@type", out type) || (type as string) != BadRequestType) continue;
                if (!detail.TryGetValue("fieldViolations", out violations) || !(violations is List<object>)) continue;
                foreach (var entry in (List<object>)violations)
                {
                    var violation = entry as JsonObject;
                    if (violation == null) continue;
                    found.Add(new FieldViolation(Text(violation, "field"), Text(violation, "description"), Text(violation, "reason")));
                }
            }
            return found;
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
