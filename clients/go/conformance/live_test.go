package conformance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/proto"
)

// These tests need a live server: CARDRULES_TARGET (host:port) when the caller runs one, else TestMain starts
// the repository's Python server and stops it afterwards. They never skip: a missing server is a failure.

var target string

func TestMain(m *testing.M) {
	target = os.Getenv("CARDRULES_TARGET")
	if target != "" {
		os.Exit(m.Run())
	}
	stop, address, err := startServer()
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance tests: cannot start a server:", err)
		os.Exit(1)
	}
	target = address
	code := m.Run()
	stop()
	os.Exit(code)
}

// repoRoot is the first parent folder holding protos/cardrules (this test runs in clients/go/conformance).
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "protos", "cardrules")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no repository root (a folder with protos/cardrules) above the working directory")
		}
		dir = parent
	}
}

func startServer() (stop func(), address string, err error) {
	root, err := repoRoot()
	if err != nil {
		return nil, "", err
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	port := listener.Addr().(*net.TCPAddr).Port
	listener.Close() // a tiny race with other processes for the port remains, as in tests/support
	address = fmt.Sprintf("127.0.0.1:%d", port)
	python := filepath.Join(root, ".venv", "bin", "python")
	cmd := exec.Command(python, "-m", "cardrules.server", "--host", "127.0.0.1", "--port", fmt.Sprint(port),
		"--metrics-port", "0", "--workers", "1")
	cmd.Dir = root
	// A developer's CARDRULES_* settings must not change the server under test.
	for _, entry := range os.Environ() {
		if !strings.HasPrefix(entry, "CARDRULES_") {
			cmd.Env = append(cmd.Env, entry)
		}
	}
	var output strings.Builder
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop = func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	}
	if err := waitHealthy(address, exited, 30*time.Second); err != nil {
		stop()
		return nil, "", fmt.Errorf("%w\n--- server output ---\n%s", err, output.String())
	}
	return stop, address, nil
}

func waitHealthy(address string, exited <-chan error, timeout time.Duration) error {
	conn, err := grpc.NewClient(address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	health := healthpb.NewHealthClient(conn)
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("server exited on start-up: %v", err)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		response, err := health.Check(ctx, &healthpb.HealthCheckRequest{})
		cancel()
		if err == nil && response.GetStatus() == healthpb.HealthCheckResponse_SERVING {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("server not SERVING within %v", timeout)
}

func dial(t *testing.T) *cardrules.Client {
	t.Helper()
	client, err := cardrules.Dial(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

func TestSharedVectorsPass(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	result, err := Run(context.Background(), dial(t).Conn(), filepath.Join(root, "tests", "vectors"), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// Printed, not logged: the pytest wrapper reads the summary line from `go test -v` output.
	for _, failure := range result.Failures {
		fmt.Printf("FAIL %s :: %s: %s\n", failure.File, failure.Name, failure.Difference)
	}
	fmt.Println(result.Summary())
	if !result.OK() {
		t.Errorf("conformance: %s", result.Summary())
	}
}

func TestClientScoresCardTextAndReportsFieldViolations(t *testing.T) {
	client := dial(t)
	ctx := context.Background()
	response, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{
		Hands: cardrules.MustHands("AC AD AH", "2S 3H 4D"),
	})
	if err != nil {
		t.Fatal(err)
	}
	scores := response.GetScores()
	if len(scores) != 2 || scores[0].GetTier() != cardrulesv1.LiengTier_LIENG_TIER_SAP {
		t.Fatalf("scores %v", scores)
	}
	_, err = client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD")})
	var rulesErr *cardrules.Error
	if !errors.As(err, &rulesErr) || !errors.Is(err, cardrules.ErrInvalidArgument) {
		t.Fatalf("error %v is not a typed INVALID_ARGUMENT", err)
	}
	if len(rulesErr.FieldViolations) == 0 || !strings.HasPrefix(rulesErr.FieldViolations[0].Field, "hands[0]") {
		t.Errorf("violations %v do not name hands[0]", rulesErr.FieldViolations)
	}
}

func TestRunnerCountsFailuresAndMalformedVectors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "cases.json", `{"cases": [
		{"name": "passes", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {}, "expect": {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": ["hands"]}}},
		{"name": "wrong set", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {}, "expect": {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": []}}},
		{"name": "typo in request", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {"handz": []}, "expect": {"response": {}}},
		{"name": "no such method", "service": "cardrules.v1.LiengService", "method": "Shuffle",
		 "request": {}, "expect": {"response": {}}},
		{"name": "succeeds unexpectedly", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {"hands": [{"cards": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"},
		   {"rank": "RANK_ACE", "suit": "SUIT_HEARTS"}, {"rank": "RANK_ACE", "suit": "SUIT_CLUBS"}]}]},
		 "expect": {"error": {"code": "INVALID_ARGUMENT"}}},
		{"name": "misspelt", "service": "x", "method": "y", "request": {}, "expect": {"respons": {}}}
	]}`)
	result, err := Run(context.Background(), dial(t).Conn(), dir, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if result.Summary() != "1 passed, 5 failed" || result.OK() {
		t.Fatalf("result %+v", result)
	}
	want := map[string]string{
		"misspelt":              `malformed vector: "expect" has unknown keys ["respons"]`,
		"wrong set":             `error.fieldViolations: unexpected ["hands"]`,
		"typo in request":       `request does not parse as cardrules.v1.ScoreLiengRequest`,
		"no such method":        `unknown method "Shuffle" of cardrules.v1.LiengService`,
		"succeeds unexpectedly": `error: expected INVALID_ARGUMENT, but the call succeeded`,
	}
	for _, failure := range result.Failures {
		if !strings.HasPrefix(failure.Difference, want[failure.Name]) || failure.File != "cases.json" {
			t.Errorf("%s: %q, want prefix %q", failure.Name, failure.Difference, want[failure.Name])
		}
	}
}

// Every move LegalMoves lists, sent back as SamActionFromMove makes it, is legal: the documented way to act on
// LegalMoves' answer (the hand and facing card are those of the rules' worked example 17).
func TestEveryLegalSamMoveValidates(t *testing.T) {
	client := dial(t)
	ctx := context.Background()
	for _, current := range []string{"4C", ""} {
		state := &cardrulesv1.SamTableState{Turn: 0, Seats: []*cardrulesv1.SamSeat{
			{Holding: &cardrulesv1.SamSeat_Hand{Hand: cardrules.MustHand("3S 3H 4D 5C 5H 9S 2D")}},
			{Holding: &cardrulesv1.SamSeat_CardCount{CardCount: 10}},
		}}
		if current != "" {
			state.Current = cardrules.MustHand(current)
			state.CurrentOwner = proto.Int32(1)
		}
		moves, err := client.SamLoc.LegalMoves(ctx, &cardrulesv1.SamLocServiceLegalMovesRequest{State: state})
		if err != nil {
			t.Fatal(err)
		}
		if len(moves.GetMoves()) == 0 {
			t.Fatalf("facing %q: no legal moves", current)
		}
		for _, move := range moves.GetMoves() {
			action := cardrules.SamActionFromMove(moves.GetSeat(), move)
			answer, err := client.SamLoc.ValidatePlay(ctx, &cardrulesv1.SamLocServiceValidatePlayRequest{State: state, Action: action})
			if err != nil {
				t.Fatalf("facing %q, %v: %v", current, move, err)
			}
			if !answer.GetLegal() {
				t.Errorf("facing %q: legal move %v was refused: %v", current, move, answer.GetReason())
			}
		}
	}
}
