package cardrules

import (
	"errors"
	"fmt"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/code"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// An illegal play is not an error: ValidatePlay answers legal=false with a reason. Errors are for malformed
// input (INVALID_ARGUMENT, naming each offending field), refused credentials, overload, outages and deadlines.

// FieldViolation is one offending field of a malformed request: Field is a snake_case path such as
// "state.seats[2].hand.cards[1]" or "house_rules.fee_bps". Reason is the violation's stable UPPER_SNAKE_CASE
// code ("WRONG_CARD_COUNT"), for programs to branch on; Description is the human explanation and may change.
type FieldViolation struct {
	Field       string
	Description string
	Reason      string
}

// Error is a failed call. Calls made through NewClient's connection return it; FromError converts any other
// gRPC error. It still carries its gRPC status, so status.Code(err) and status.FromError(err) keep working.
type Error struct {
	Code    codes.Code
	Message string
	// FieldViolations are the google.rpc.BadRequest violations in the status details, in order.
	FieldViolations []FieldViolation
	// Reason, Domain and Metadata come from the google.rpc.ErrorInfo in the status details ("" and nil without
	// one). The service sends one with INVALID_ARGUMENT: the first violation's reason, domain "cardrules.v1" and
	// metadata {"field": the first violation's field}.
	Reason   string
	Domain   string
	Metadata map[string]string

	status *status.Status
}

// Sentinels for errors.Is: errors.Is(err, cardrules.ErrInvalidArgument) holds for an *Error of that code.
var (
	ErrInvalidArgument   error = codeError(codes.InvalidArgument)
	ErrResourceExhausted error = codeError(codes.ResourceExhausted)
	ErrUnavailable       error = codeError(codes.Unavailable)
	ErrDeadlineExceeded  error = codeError(codes.DeadlineExceeded)
	// ErrUnauthenticated: the server wants a token (WithToken) or a client certificate (WithTLS) and got none
	// it accepts. Never retried: the same credentials would be refused again.
	ErrUnauthenticated error = codeError(codes.Unauthenticated)
)

type codeError codes.Code

func (c codeError) Error() string { return "cardrules: " + CodeName(codes.Code(c)) }

// FromError returns err as an *Error when it carries a gRPC status (already an *Error, a status error, or
// one wrapping either), else nil.
func FromError(err error) *Error {
	if err == nil {
		return nil
	}
	var rulesErr *Error
	if errors.As(err, &rulesErr) {
		return rulesErr
	}
	st, ok := status.FromError(err)
	if !ok {
		return nil
	}
	rulesErr = &Error{Code: st.Code(), Message: st.Message(), status: st}
	for _, detail := range st.Details() {
		// Details that do not decode come back as errors and are skipped: they cannot be read anyway.
		switch detail := detail.(type) {
		case *errdetails.BadRequest:
			for _, v := range detail.GetFieldViolations() {
				rulesErr.FieldViolations = append(rulesErr.FieldViolations,
					FieldViolation{Field: v.GetField(), Description: v.GetDescription(), Reason: v.GetReason()})
			}
		case *errdetails.ErrorInfo:
			if rulesErr.Reason == "" { // the first ErrorInfo wins, should a proxy append another
				rulesErr.Reason, rulesErr.Domain, rulesErr.Metadata = detail.GetReason(), detail.GetDomain(), detail.GetMetadata()
			}
		}
	}
	return rulesErr
}

// FieldViolations returns the BadRequest field violations of a failed call's error; nil when there are none.
func FieldViolations(err error) []FieldViolation {
	if rulesErr := FromError(err); rulesErr != nil {
		return rulesErr.FieldViolations
	}
	return nil
}

// CodeName is the canonical upper-case name of a status code ("INVALID_ARGUMENT"), as the other SDKs and the
// conformance vectors spell it; codes.Code.String gives "InvalidArgument".
func CodeName(c codes.Code) string {
	if name, ok := code.Code_name[int32(c)]; ok {
		return name
	}
	return fmt.Sprintf("CODE(%d)", uint32(c))
}

func (e *Error) Error() string {
	text := CodeName(e.Code) + ": " + e.Message
	if len(e.FieldViolations) == 0 {
		return text
	}
	parts := make([]string, len(e.FieldViolations))
	for i, v := range e.FieldViolations {
		parts[i] = v.Field + ": " + v.Description
	}
	return text + " (" + strings.Join(parts, "; ") + ")"
}

// GRPCStatus keeps the status (details included) reachable for grpc's status package.
func (e *Error) GRPCStatus() *status.Status {
	if e.status == nil {
		return status.New(e.Code, e.Message)
	}
	return e.status
}

// Is matches the sentinels by code.
func (e *Error) Is(target error) bool {
	c, ok := target.(codeError)
	return ok && codes.Code(c) == e.Code
}
