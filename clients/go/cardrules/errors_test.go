package cardrules

import (
	"errors"
	"fmt"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func badRequest(t *testing.T, fields ...string) error {
	t.Helper()
	detail := &errdetails.BadRequest{}
	for _, field := range fields {
		detail.FieldViolations = append(detail.FieldViolations,
			&errdetails.BadRequest_FieldViolation{Field: field, Description: "bad " + field})
	}
	st, err := status.New(codes.InvalidArgument, "bad request").WithDetails(detail)
	if err != nil {
		t.Fatal(err)
	}
	return st.Err()
}

func TestFromErrorDecodesFieldViolations(t *testing.T) {
	rulesErr := FromError(badRequest(t, "hands[0]", "house_rules.fee_bps"))
	if rulesErr == nil || rulesErr.Code != codes.InvalidArgument || rulesErr.Message != "bad request" {
		t.Fatalf("FromError = %#v", rulesErr)
	}
	want := []FieldViolation{{"hands[0]", "bad hands[0]", ""}, {"house_rules.fee_bps", "bad house_rules.fee_bps", ""}}
	if fmt.Sprint(rulesErr.FieldViolations) != fmt.Sprint(want) {
		t.Errorf("violations %v, want %v", rulesErr.FieldViolations, want)
	}
	if got := rulesErr.Error(); got != "INVALID_ARGUMENT: bad request (hands[0]: bad hands[0]; house_rules.fee_bps: bad house_rules.fee_bps)" {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(rulesErr, ErrInvalidArgument) || errors.Is(rulesErr, ErrUnavailable) {
		t.Error("errors.Is does not match the sentinels by code")
	}
	// The status, details included, stays reachable for code that only knows grpc's status package.
	if st, ok := status.FromError(rulesErr); !ok || st.Code() != codes.InvalidArgument || len(st.Details()) != 1 {
		t.Errorf("status.FromError(*Error) = %v, %v", st, ok)
	}
}

func TestFromErrorFindsAWrappedStatus(t *testing.T) {
	err := fmt.Errorf("scoring: %w", badRequest(t, "hands"))
	if violations := FieldViolations(err); len(violations) != 1 || violations[0].Field != "hands" {
		t.Errorf("FieldViolations(wrapped) = %v", violations)
	}
	if !errors.Is(fmt.Errorf("again: %w", FromError(err)), ErrInvalidArgument) {
		t.Error("errors.Is does not see through wrapping")
	}
}

func TestFromErrorWithoutStatus(t *testing.T) {
	if FromError(nil) != nil || FromError(errors.New("plain")) != nil {
		t.Error("FromError made an *Error out of an error without a gRPC status")
	}
	if FieldViolations(status.Error(codes.Unavailable, "down")) != nil {
		t.Error("an error without BadRequest details has violations")
	}
	if !errors.Is(FromError(status.Error(codes.DeadlineExceeded, "late")), ErrDeadlineExceeded) {
		t.Error("DEADLINE_EXCEEDED does not match ErrDeadlineExceeded")
	}
}

func TestCodeNameIsTheCanonicalSpelling(t *testing.T) {
	for c, want := range map[codes.Code]string{
		codes.InvalidArgument: "INVALID_ARGUMENT", codes.Canceled: "CANCELLED", codes.OK: "OK", codes.Code(99): "CODE(99)",
	} {
		if got := CodeName(c); got != want {
			t.Errorf("CodeName(%d) = %q, want %q", c, got, want)
		}
	}
}
