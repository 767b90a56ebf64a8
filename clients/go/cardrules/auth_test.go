package cardrules

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// A stand-in LiengService for the client side of authentication: it records what each call carried and refuses
// calls without the expected token, as the real server does. The real server's checks are tested end to end in
// tests/sdk/test_go_auth.py.
type gate struct {
	cardrulesv1.UnimplementedLiengServiceServer
	want string // the authorization value accepted; "" accepts every call

	mu      sync.Mutex
	headers [][]string // the authorization values of each call, in order
	callers []string   // the client certificate's common name of each call ("" without one)
}

func (g *gate) ScoreLieng(ctx context.Context, _ *cardrulesv1.ScoreLiengRequest) (*cardrulesv1.ScoreLiengResponse, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	caller := ""
	if p, ok := peer.FromContext(ctx); ok {
		if info, ok := p.AuthInfo.(credentials.TLSInfo); ok && len(info.State.PeerCertificates) > 0 {
			caller = info.State.PeerCertificates[0].Subject.CommonName
		}
	}
	g.mu.Lock()
	g.headers = append(g.headers, md.Get("authorization"))
	g.callers = append(g.callers, caller)
	g.mu.Unlock()
	if values := md.Get("authorization"); g.want != "" && (len(values) != 1 || values[0] != g.want) {
		return nil, status.Error(codes.Unauthenticated, "missing or invalid credentials")
	}
	return &cardrulesv1.ScoreLiengResponse{}, nil
}

// seen is what the calls so far carried: their authorization values and client certificate names.
func (g *gate) seen() (headers [][]string, callers []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([][]string(nil), g.headers...), append([]string(nil), g.callers...)
}

// serve starts g on a loopback port (TLS when config is not nil) and returns the target.
func serve(t *testing.T, g *gate, config *tls.Config) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var opts []grpc.ServerOption
	if config != nil {
		opts = append(opts, grpc.Creds(credentials.NewTLS(config)))
	}
	server := grpc.NewServer(opts...)
	cardrulesv1.RegisterLiengServiceServer(server, g)
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	return listener.Addr().String()
}

func score(ctx context.Context, client *Client) error {
	_, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{})
	return err
}

func dialTest(t *testing.T, target string, opts ...Option) *Client {
	t.Helper()
	client, err := NewClient(target, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

func TestInsecureTokenTravelsOnEveryCall(t *testing.T) {
	g := &gate{want: "Bearer s3cret-Token_1"}
	client := dialTest(t, serve(t, g, nil), WithInsecureToken("s3cret-Token_1"))
	for i := 0; i < 2; i++ {
		if err := score(context.Background(), client); err != nil {
			t.Fatal(err)
		}
	}
	headers, _ := g.seen()
	if len(headers) != 2 || strings.Join(headers[0], ",") != "Bearer s3cret-Token_1" ||
		strings.Join(headers[1], ",") != "Bearer s3cret-Token_1" {
		t.Errorf("authorization per call %q", headers)
	}
}

func TestRefusedCredentialsAreTypedAndNeverRetried(t *testing.T) {
	for _, opts := range [][]Option{{}, {WithInsecureToken("wrong")}} {
		g := &gate{want: "Bearer right"}
		err := score(context.Background(), dialTest(t, serve(t, g, nil), opts...))
		var rulesErr *Error
		if !errors.As(err, &rulesErr) || !errors.Is(err, ErrUnauthenticated) || errors.Is(err, ErrUnavailable) {
			t.Fatalf("error %v is not a typed UNAUTHENTICATED", err)
		}
		if rulesErr.Message != "missing or invalid credentials" || rulesErr.Error() != "UNAUTHENTICATED: missing or invalid credentials" {
			t.Errorf("error %q", rulesErr.Error())
		}
		// The retry policy is on by default; a refusal is final, so the server sees exactly one attempt.
		if headers, _ := g.seen(); len(headers) != 1 {
			t.Errorf("%d attempts reached the server, want 1", len(headers))
		}
	}
}

func TestTokenNeedsTLSUnlessPlaintextIsChosen(t *testing.T) {
	_, err := NewClient("127.0.0.1:1", WithToken("abc"))
	if err == nil || !strings.Contains(err.Error(), "WithInsecureToken") {
		t.Errorf("a token over plaintext without WithInsecureToken: %v", err)
	}
	if _, err := NewClient("127.0.0.1:1", WithTransportCredentials(nil), WithToken("abc")); err == nil {
		t.Error("nil transport credentials were accepted")
	}
	for _, bad := range []string{"", "two words", "line\n", "caf\u00e9"} {
		if _, err := NewClient("127.0.0.1:1", WithInsecureToken(bad)); err == nil {
			t.Errorf("token %q was accepted", bad)
		}
	}
}

func TestTLSFilesAreCheckedInNewClient(t *testing.T) {
	dir := t.TempDir()
	pki := newTestPKI(t, dir)
	notPEM := filepath.Join(dir, "not.pem")
	if err := os.WriteFile(notPEM, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, files := range map[string]TLS{
		"missing CA":       {CAFile: filepath.Join(dir, "missing.pem")},
		"CA without PEM":   {CAFile: notPEM},
		"cert without key": {CAFile: pki.ca, CertFile: pki.aliceCert},
		"key of another":   {CAFile: pki.ca, CertFile: pki.aliceCert, KeyFile: pki.serverKey},
	} {
		if _, err := NewClient("127.0.0.1:1", WithTLS(files)); err == nil {
			t.Errorf("%s: NewClient succeeded", name)
		}
	}
}

func TestMutualTLSSendsTheClientCertificateAndTheToken(t *testing.T) {
	pki := newTestPKI(t, t.TempDir())
	g := &gate{want: "Bearer tls-token"}
	target := serve(t, g, pki.serverConfig(t))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	withCert := dialTest(t, target, WithTLS(TLS{CAFile: pki.ca, CertFile: pki.aliceCert, KeyFile: pki.aliceKey}),
		WithToken("tls-token"))
	if err := score(ctx, withCert); err != nil {
		t.Fatal(err)
	}
	if _, callers := g.seen(); len(callers) != 1 || callers[0] != "alice" {
		t.Errorf("callers %q, want alice", callers)
	}

	// Without a client certificate the handshake is refused: no call reaches the service.
	withoutCert := dialTest(t, target, WithTLS(TLS{CAFile: pki.ca}), WithToken("tls-token"), WithoutRetry())
	if err := score(ctx, withoutCert); !errors.Is(err, ErrUnavailable) {
		t.Errorf("a client without a certificate: %v, want UNAVAILABLE", err)
	}
	if _, callers := g.seen(); len(callers) != 1 {
		t.Errorf("a call without a client certificate reached the service: %q", callers)
	}
}

// testPKI is a CA with a server certificate for 127.0.0.1 and a client certificate CN=alice, as PEM files.
type testPKI struct {
	ca, serverCert, serverKey, aliceCert, aliceKey string
	pool                                           *x509.CertPool
}

func newTestPKI(t *testing.T, dir string) testPKI {
	t.Helper()
	caKey, caCert := newCert(t, nil, nil, &x509.Certificate{
		Subject: pkix.Name{CommonName: "test CA"}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign,
	})
	serverKey, serverCert := newCert(t, caKey, caCert, &x509.Certificate{
		Subject: pkix.Name{CommonName: "127.0.0.1"}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	})
	aliceKey, aliceCert := newCert(t, caKey, caCert, &x509.Certificate{
		Subject: pkix.Name{CommonName: "alice"}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	})
	write := func(name, kind string, der []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	pool := x509.NewCertPool()
	pool.AddCert(caCert)
	return testPKI{
		ca:         write("ca.pem", "CERTIFICATE", caCert.Raw),
		serverCert: write("server.pem", "CERTIFICATE", serverCert.Raw),
		serverKey:  write("server.key", "EC PRIVATE KEY", marshalKey(t, serverKey)),
		aliceCert:  write("alice.pem", "CERTIFICATE", aliceCert.Raw),
		aliceKey:   write("alice.key", "EC PRIVATE KEY", marshalKey(t, aliceKey)),
		pool:       pool,
	}
}

// serverConfig requires a client certificate signed by the CA, as the server's --tls-client-ca does.
func (p testPKI) serverConfig(t *testing.T) *tls.Config {
	t.Helper()
	pair, err := tls.LoadX509KeyPair(p.serverCert, p.serverKey)
	if err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{pair}, ClientCAs: p.pool,
		ClientAuth: tls.RequireAndVerifyClientCert, MinVersion: tls.VersionTLS12}
}

// newCert makes a key and a certificate from template, signed by parent (self-signed when parent is nil).
func newCert(t *testing.T, parentKey *ecdsa.PrivateKey, parent, template *x509.Certificate) (*ecdsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		t.Fatal(err)
	}
	template.SerialNumber = serial
	template.NotBefore = time.Now().Add(-time.Hour)
	template.NotAfter = time.Now().Add(24 * time.Hour)
	if parent == nil {
		parent, parentKey = template, key
	}
	der, err := x509.CreateCertificate(rand.Reader, template, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert
}

func marshalKey(t *testing.T, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return der
}
